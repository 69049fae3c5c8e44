import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarqueeModel
import MarqueeServer
import Testing

/// The server stays available while clients abuse it: heavy previews and stalled connections.
@MainActor
@Suite struct LivenessTests {
    /// The largest previews validation allows, as slow to render as a message can be.
    static let abusivePreviews: [String] = {
        let html = String(repeating: #"<a href="myapp://x">t"#, count: 9_000)
        let htmlMessage = String(decoding: try! JSONEncoder().encode(["kind": "html", "title": "x", "html": html]), as: UTF8.self)
        let word = String(repeating: "W", count: 5_000)
        return [
            #"{"format": "html", "message": \#(htmlMessage)}"#,
            #"{"format": "text", "width": 16, "message": {"kind": "modal", "title": "x", "body": "\#(word)"}}"#,
            #"{"format": "text", "width": 16, "message": \#(htmlMessage)}"#,
            #"{"format": "html", "message": {"kind": "modal", "title": "x", "body": "\#(word)"}}"#,
        ]
    }()

    @Test func healthAnswersWhileFourAbusivePreviewsAreInFlight() async throws {
        try await LiveServer.with { server in
            let finished = FinishedCount()
            let previews = Self.abusivePreviews.map { body in
                Task.detached {
                    var request = URLRequest(url: server.baseURL.appendingPathComponent("api/v1/preview"))
                    request.httpMethod = "POST"
                    request.setValue("Bearer \(LiveServer.adminToken)", forHTTPHeaderField: "Authorization")
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    request.httpBody = Data(body.utf8)
                    let (_, response) = try await URLSession.shared.data(for: request)
                    await finished.add()
                    return (response as? HTTPURLResponse)?.statusCode ?? 0
                }
            }
            // A scheduling fact, not a speed figure: health does not queue behind rendering (which
            // runs on two workers of its own, so the last previews wait for the first).
            let (_, health) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("healthz"))
            let previewsDone = await finished.count
            #expect((health as? HTTPURLResponse)?.statusCode == 200)
            #expect(previewsDone < Self.abusivePreviews.count, "healthz answered while previews were still rendering")
            for preview in previews { #expect(try await preview.value == 200) }
        }
    }

    @Test func aConnectionThatSendsNothingMoreIsClosed() async throws {
        try await LiveServer.start(connections: .quick).withStopping { server in
            let port = try #require(server.baseURL.port)
            // A request line and one header, then silence: a stalled client.
            let closed = try await RawConnection.onOwnThread { try RawConnection.sendThenAwaitClose(
                "POST /v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n", port: port, giveUpAfterSeconds: 30) }
            #expect(closed, "the server closed the stalled connection")
        }
    }
}

/// How many requests have finished.
actor FinishedCount {
    private(set) var count = 0
    func add() { count += 1 }
}

extension LiveServer {
    /// Runs `body`, then stops the server, also when `body` throws.
    @MainActor
    func withStopping(_ body: @MainActor (LiveServer) async throws -> Void) async throws {
        do {
            try await body(self)
            await stop()
        } catch {
            await stop()
            throw error
        }
    }
}
