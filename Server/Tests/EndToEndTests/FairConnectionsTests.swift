import Foundation
import MarqueeServer
import Testing

/// No one client can lock the others out by holding connections: an address gets at most its
/// share, and at the cap the longest-idle connection makes room for a newcomer.
@MainActor
@Suite struct FairConnectionsTests {
    nonisolated private static let health = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    /// Opens `count` connections from `source` and keeps them silent; returns them with how many
    /// the server closed at once.
    nonisolated private static func hold(_ count: Int, from source: String, port: Int) throws -> (held: [RawConnection], refused: Int) {
        let connections = try (0..<count).map { _ in try RawConnection(port: port, from: source, giveUpAfterSeconds: 1) }
        // A refused connection is closed as soon as it is accepted: a read sees the end at once.
        var held: [RawConnection] = []
        var refused = 0
        for connection in connections {
            if connection.isClosedByServer(within: .milliseconds(200)) {
                refused += 1
                connection.close()
            } else {
                held.append(connection)
            }
        }
        return (held, refused)
    }

    @Test func anAddressOverItsShareCannotStopAnotherAddress() async throws {
        var limits = ConnectionLimits()
        limits.maxConnections = 40
        limits.maxConnectionsPerAddress = 10
        try await LiveServer.start(connections: limits).withStopping { server in
            let port = try #require(server.baseURL.port)
            let (held, refused, health, ping) = try await RawConnection.onOwnThread {
                let (held, refused) = try Self.hold(60, from: "127.0.0.1", port: port)
                let health = try RawConnection.exchange(Self.health, port: port, from: "127.0.0.2")
                let ping = try RawConnection.exchange("POST /v1/ping HTTP/1.1\r\nHost: x\r\nSubscription-Id: none\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}", port: port, from: "127.0.0.2")
                defer { held.forEach { $0.close() } }
                return (held.count, refused, health, ping)
            }
            #expect(held == 10, "the first address holds exactly its share")
            #expect(refused == 50)
            #expect(health.status == 200)
            #expect(ping.status == 401, "the ping reached the SDK routes (an unknown app): \(ping.response.prefix(200))")
        }
    }

    @Test func atTheCapTheLongestIdleConnectionMakesRoom() async throws {
        var limits = ConnectionLimits()
        limits.maxConnections = 20
        limits.maxConnectionsPerAddress = 20
        try await LiveServer.start(connections: limits).withStopping { server in
            let port = try #require(server.baseURL.port)
            let (refused, answers, evicted) = try await RawConnection.onOwnThread {
                let (held, refused) = try Self.hold(20, from: "127.0.0.3", port: port)
                defer { held.forEach { $0.close() } }
                // Each newcomer takes the place of the connection idle longest: one of the first twenty.
                let newcomers = try (0..<3).map { _ in try RawConnection(port: port, from: "127.0.0.4", giveUpAfterSeconds: 30) }
                let evicted = held.filter { $0.isClosedByServer(within: .milliseconds(500)) }.count
                let answers = newcomers.map { newcomer in
                    newcomer.send(Self.health)
                    return newcomer.finish().status
                }
                return (refused, answers, evicted)
            }
            #expect(refused == 0)
            #expect(answers == [200, 200, 200])
            #expect(evicted == 3, "the three longest idle connections were closed")
        }
    }

    @Test func busyConnectionsAreNotEvicted() async throws {
        var limits = ConnectionLimits()
        limits.maxConnections = 4
        limits.maxConnectionsPerAddress = 4
        limits.headerTimeoutSeconds = 30
        try await LiveServer.start(connections: limits).withStopping { server in
            let port = try #require(server.baseURL.port)
            let refusedNewcomer = try await RawConnection.onOwnThread {
                // Four requests whose heads have started: all busy.
                let busy = try (0..<4).map { _ in try RawConnection(port: port, from: "127.0.0.5", giveUpAfterSeconds: 1) }
                for connection in busy { connection.send("GET /healthz HTTP/1.1\r\n") }
                defer { busy.forEach { $0.close() } }
                Thread.sleep(forTimeInterval: 0.3)
                let newcomer = try RawConnection(port: port, from: "127.0.0.6", giveUpAfterSeconds: 1)
                defer { newcomer.close() }
                return newcomer.isClosedByServer(within: .seconds(1))
            }
            #expect(refusedNewcomer, "with every connection busy, the newcomer is the one closed")
        }
    }
}
