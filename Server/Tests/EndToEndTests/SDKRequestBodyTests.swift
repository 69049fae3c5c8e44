import Foundation
import Marquee
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// The bodies the Marquee SDK really sends are read by the server's fast path (``JSONScanner``),
/// not decoded a second time: a key the SDK writes and the scanner lacks would fail here.
@MainActor
@Suite struct SDKRequestBodyTests {
    @Test func theSDKsPingAndImpressionBodiesAreReadByTheScanner() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(CampaignDraft.make("Welcome"), in: app)
            let transport = RecordingTransport(URLSessionTransport(timeout: 120))
            let device = TestDevice(transport: transport)
            defer { device.removeStorage() }

            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID,
                               user: TestUser(userID: "scanned-user"))
            await device.log(AppStartEvent())
            try await device.finish(PresentationResult(.buttonClick(id: "ok")))

            let pings = await transport.bodies(sentTo: "ping")
            let impressions = await transport.bodies(sentTo: "impression")
            #expect(!pings.isEmpty && !impressions.isEmpty, "the SDK pinged and sent its impressions")
            for body in pings {
                #expect(PingRequest.scanned(from: Array(body)) != nil, "scanned: \(String(decoding: body, as: UTF8.self))")
            }
            for body in impressions {
                #expect(ImpressionRequest.scanned(from: Array(body)) != nil, "scanned: \(String(decoding: body, as: UTF8.self))")
            }
        }
    }
}

/// Sends through `base` and keeps each request's body, by the last part of its path.
actor RecordingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private var sent: [(endpoint: String, body: Data)] = []

    init(_ base: any HTTPTransport) { self.base = base }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let body = request.body { sent.append((request.url.lastPathComponent, body)) }
        return try await base.send(request)
    }

    func bodies(sentTo endpoint: String) -> [Data] {
        sent.filter { $0.endpoint == endpoint }.map(\.body)
    }
}
