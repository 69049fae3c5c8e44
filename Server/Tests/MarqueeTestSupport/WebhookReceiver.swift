import Foundation
import NIOConcurrencyHelpers
import Vapor

/// An HTTP server on a loopback port that records the webhook deliveries posted to it, and
/// answers with the status a test sets (a receiver that is down answers 503).
public final class WebhookReceiver: Sendable {
    public struct Received: Sendable {
        public var headers: HTTPHeaders
        public var body: Data
        /// What the receiver answered.
        public var answered: HTTPResponseStatus
    }

    private let app: Application
    private let state = NIOLockedValueBox<(status: HTTPResponseStatus, received: [Received])>((.ok, []))
    /// Where deliveries are posted.
    public let url: String

    private init(app: Application, url: String) {
        self.app = app
        self.url = url
    }

    /// Runs `body` with a receiver listening, then stops it.
    public static func with(isolation: isolated (any Actor)? = #isolation,
                            _ body: (WebhookReceiver) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let box = NIOLockedValueBox<WebhookReceiver?>(nil)
        app.post("hook") { request async throws -> Response in
            let data = request.body.data.map { Data(buffer: $0) } ?? Data()
            guard let receiver = box.withLockedValue({ $0 }) else { return Response(status: .serviceUnavailable) }
            let status = receiver.state.withLockedValue { state in
                state.received.append(Received(headers: request.headers, body: data, answered: state.status))
                return state.status
            }
            return Response(status: status)
        }
        do {
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            guard let port = app.http.server.shared.localAddress?.port else { throw ReceiverError.noPort }
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
    public func answer(_ status: HTTPResponseStatus) {
        state.withLockedValue { $0.status = status }
    }

    /// Every delivery posted so far, answered or refused.
    public var received: [Received] {
        state.withLockedValue { $0.received }
    }
}

enum ReceiverError: Error {
    case noPort
}
