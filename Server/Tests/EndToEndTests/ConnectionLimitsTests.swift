import Foundation
import MarqueeServer
import Testing

/// Malformed, oversized and stalled requests get their proper status from the connection layer,
/// with the one JSON error body, and cost the server a bounded amount of time.
@MainActor
@Suite struct ConnectionLimitsTests {
    private func exchange(_ text: String, limits: ConnectionLimits = ConnectionLimits()) async throws -> RawConnection.Exchange {
        var result: RawConnection.Exchange?
        try await LiveServer.start(connections: limits).withStopping { server in
            let port = try #require(server.baseURL.port)
            result = try await RawConnection.onOwnThread { try RawConnection.exchange(text, port: port) }
        }
        return try #require(result)
    }

    @Test func aRequestTargetOverTheLimitGets414() async throws {
        let answer = try await exchange("GET /healthz?q=\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.status == 414)
        #expect(answer.response.contains(#""code":"uri_too_long""#))
        #expect(answer.closedByServer)
    }

    @Test func headersOverTheLimitGet431() async throws {
        let answer = try await exchange("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 1_000_000))\r\n\r\n")
        #expect(answer.status == 431)
        #expect(answer.response.contains(#""code":"header_too_large""#))
        #expect(answer.closedByServer)
    }

    @Test func aNegativeContentLengthGets400() async throws {
        let answer = try await exchange("POST /v1/ping HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n")
        #expect(answer.status == 400)
        #expect(answer.response.contains(#""code":"invalid_content_length""#))
    }

    @Test func garbageGets400() async throws {
        let answer = try await exchange("HELLO THERE\r\n\r\n")
        #expect(answer.status == 400)
        #expect(answer.response.contains(#""code":"malformed_request""#))
    }

    @Test func aBodyOverTheLimitIsRefusedBeforeItIsSent() async throws {
        // Only the head is sent: the refusal must come from Content-Length alone.
        let answer = try await exchange("POST /v1/impression HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n")
        #expect(answer.status == 413)
        #expect(answer.response.contains(#""code":"body_too_large""#))
    }

    @Test func aChunkedBodyOverTheLimitGets413() async throws {
        let chunk = String(repeating: "c", count: 0x10000)
        let chunks = String(repeating: "10000\r\n\(chunk)\r\n", count: 20)
        let answer = try await exchange("POST /v1/impression HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(chunks)0\r\n\r\n")
        #expect(answer.status == 413)
    }

    @Test func aBodyInManySmallChunksArrivesWhole() async throws {
        // A 150 KB HTML message in 1 KB chunks: the body is assembled without loss, and rendered.
        let html = String(repeating: "<p>chunk</p>", count: 12_500)
        let json = String(decoding: try JSONEncoder().encode(["kind": "html", "title": "Big", "html": html]), as: UTF8.self)
        let body = Array(#"{"format": "html", "message": \#(json)}"#.utf8)
        var chunked = ""
        for start in stride(from: 0, to: body.count, by: 1024) {
            let piece = body[start..<min(start + 1024, body.count)]
            chunked += String(piece.count, radix: 16) + "\r\n" + String(decoding: piece, as: UTF8.self) + "\r\n"
        }
        let answer = try await exchange("POST /api/v1/preview HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(LiveServer.adminToken)\r\n"
            + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n\(chunked)0\r\n\r\n")
        #expect(answer.status == 200, "\(answer.response.prefix(300))")
        #expect(answer.response.contains("chunk"))
        #expect(answer.response.count > html.count / 2, "the whole message came back rendered")
    }

    @Test func aHeadThatStallsGets408() async throws {
        let answer = try await exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n", limits: .quick)
        #expect(answer.status == 408)
        #expect(answer.response.contains(#""code":"header_timeout""#))
        #expect(answer.closedByServer)
    }

    @Test func aBodyThatStallsGets408() async throws {
        let answer = try await exchange("POST /v1/ping HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc", limits: .quick)
        #expect(answer.status == 408)
        #expect(answer.response.contains(#""code":"body_timeout""#))
    }

    @Test func connectionsThatFallSilentAreClosedOnceIdle() async throws {
        var limits = ConnectionLimits()
        limits.idleTimeoutSeconds = 1
        let silent = try await exchange("", limits: limits)
        #expect(silent.response.isEmpty, "a connection that never sent a byte gets no answer")
        #expect(silent.closedByServer)
        let afterOne = try await exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", limits: limits)
        #expect(afterOne.statuses == [200], "kept alive after its answer")
        #expect(afterOne.closedByServer, "then closed once idle")
    }

    @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() async throws {
        let answer = try await exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
            + "GET /no-such-page HTTP/1.1\r\nHost: x\r\n\r\n"
            + "HEAD /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(answer.statuses == [200, 404, 200])
        #expect(answer.closedByServer, "the last request asked to close")
        #expect(answer.response.lowercased().contains("connection: keep-alive"))
    }

    @Test func manyStalledClientsAreAllCutOff() async throws {
        try await LiveServer.start(connections: .quick).withStopping { server in
            let port = try #require(server.baseURL.port)
            // All stall at once; then each is read in turn (the server cuts them off together).
            let answers = try await RawConnection.onOwnThread {
                let connections = try (0..<50).map { _ in try RawConnection(port: port) }
                for connection in connections { connection.send("POST /v1/ping HTTP/1.1\r\nHost: x\r\n") }
                return connections.map { $0.finish().status }
            }
            #expect(answers.count == 50)
            #expect(answers.allSatisfy { $0 == 408 })
        }
    }

    /// At its cap the server closes new connections at once, keeps serving the ones it has, and
    /// takes new ones again when the load goes.
    @Test func atTheConnectionCapEstablishedConnectionsAreServedAndTheServerRecovers() async throws {
        var limits = ConnectionLimits()
        limits.maxConnections = 8
        try await LiveServer.start(connections: limits).withStopping { server in
            let port = try #require(server.baseURL.port)
            let health = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
            try await RawConnection.onOwnThread {
                let kept = try RawConnection(port: port, giveUpAfterSeconds: 10)
                defer { kept.close() }
                kept.send(health)
                #expect(kept.readResponse().status == 200)
                // Connections are accepted in the order they were made: these fill the cap.
                let idle = try (1..<8).map { _ in try RawConnection(port: port, giveUpAfterSeconds: 10) }
                for _ in 0..<5 {
                    let refused = try RawConnection(port: port, giveUpAfterSeconds: 10)
                    refused.send(health)
                    let answer = refused.finish()
                    #expect(answer.closedByServer && answer.status == nil, "over the cap: closed unanswered, \(answer.response)")
                }
                kept.send(health)
                #expect(kept.readResponse().status == 200, "an established connection is still served")

                idle.forEach { $0.close() }
                var recovered = false
                for _ in 0..<50 where !recovered {
                    Thread.sleep(forTimeInterval: 0.1)
                    recovered = (try? RawConnection.exchange(health.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"),
                                                             port: port, giveUpAfterSeconds: 5).status) == 200
                }
                #expect(recovered, "new connections are served once the load went")
            }
        }
    }
}
