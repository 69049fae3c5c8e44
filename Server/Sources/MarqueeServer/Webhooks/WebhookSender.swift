import Foundation
import Vapor

/// Posts one delivery; the HTTP status answered, or throws when none came.
protocol WebhookSender: Sendable {
    func post(_ body: Data, to url: URL, headers: [(String, String)], timeout: Duration) async throws -> Int
}

/// Posts through the application's HTTP client, which follows no redirect: a redirect could lead
/// to an address the URL policy refuses.
struct ClientWebhookSender: WebhookSender {
    let client: any Client

    func post(_ body: Data, to url: URL, headers: [(String, String)], timeout: Duration) async throws -> Int {
        var fields = HTTPHeaders(headers)
        fields.contentType = .json
        fields.replaceOrAdd(name: .userAgent, value: "Marquee-Webhooks/1")
        let response = try await client.post(URI(string: url.absoluteString), headers: fields) { request in
            request.body = ByteBuffer(data: body)
            request.timeout = .milliseconds(Int64(timeout.components.seconds * 1000))
        }
        return Int(response.status.code)
    }
}
