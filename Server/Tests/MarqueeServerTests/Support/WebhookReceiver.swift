import Foundation
import NIOConcurrencyHelpers
import Vapor

/// An HTTP server on a loopback port that records the webhook deliveries posted to it, and
/// answers with the status a test sets (a receiver that is down answers 503).
final class WebhookReceiver: Sendable {
    struct Received: Sendable {
        var headers: HTTPHeaders
        var body: Data
    }

    private let app: Application
    private let state = NIOLockedValueBox<(status: HTTPResponseStatus, received: [Received])>((.ok, []))
    let url: String

    private init(app: Application, url: String) {
        self.app = app
        self.url = url
    }

    /// Runs `body` with a receiver listening, then stops it.
    static func with(_ body: (WebhookReceiver) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let box = NIOLockedValueBox<WebhookReceiver?>(nil)
        app.post("hook") { request async throws -> Response in
            let data = request.body.data.map { Data(buffer: $0) } ?? Data()
            guard let receiver = box.withLockedValue({ $0 }) else { return Response(status: .serviceUnavailable) }
            let status = receiver.state.withLockedValue { state in
                state.received.append(Received(headers: request.headers, body: data))
                return state.status
            }
            return Response(status: status)
        }
        do {
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            guard let port = app.http.server.shared.localAddress?.port else { throw TestFailure("the receiver has no port") }
            let receiver = WebhookReceiver(app: app, url: "http://127.0.0.1:\(port)/hook")
            box.withLockedValue { $0 = receiver }
            try await body(receiver)
        } catch {
            await app.server.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    /// What every later delivery is answered.
    func answer(_ status: HTTPResponseStatus) {
        state.withLockedValue { $0.status = status }
    }

    /// Every delivery posted so far, answered or refused.
    var received: [Received] {
        state.withLockedValue { $0.received }
    }
}
