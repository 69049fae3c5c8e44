import Foundation
@testable import MarqueeServer
import Testing

/// No one client can lock the others out by holding connections: an address gets at most its
/// share, and at the cap the longest-idle connection makes room for a newcomer.
@MainActor
@Suite struct FairConnectionsTests {
    nonisolated private static let health = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    /// Opens `count` connections from `source` and keeps them silent; returns them once the
    /// server has closed `refused` of them (a refused connection is closed as soon as it is
    /// accepted), waiting up to 30 seconds for that, however busy the machine.
    nonisolated private static func hold(_ count: Int, from source: String, port: Int,
                                         expectingRefused refused: Int) throws -> (held: [RawConnection], refused: Int) {
        let connections = try (0..<count).map { _ in try RawConnection(port: port, from: source, giveUpAfterSeconds: 1) }
        let closed = awaitClosed(connections, count: refused)
        for index in closed { connections[index].close() }
        let held = connections.indices.filter { !closed.contains($0) }.map { connections[$0] }
        return (held, closed.count)
    }

    /// The indexes of `connections` the server has closed, once there are at least `count` of
    /// them or 30 seconds have passed.
    nonisolated private static func awaitClosed(_ connections: [RawConnection], count: Int) -> Set<Int> {
        let deadline = ContinuousClock.now + .seconds(30)
        var closed: Set<Int> = []
        repeat {
            for index in connections.indices where !closed.contains(index) {
                if connections[index].isClosedByServer(within: .zero) { closed.insert(index) }
            }
            if closed.count >= count { break }
            Thread.sleep(forTimeInterval: 0.01)
        } while ContinuousClock.now < deadline
        return closed
    }

    @Test func anAddressOverItsShareCannotStopAnotherAddress() async throws {
        var limits = ConnectionLimits()
        limits.maxConnections = 40
        limits.maxConnectionsPerAddress = 10
        try await LiveServer.start(connections: limits).withStopping { server in
            let port = try #require(server.baseURL.port)
            let (held, refused, health, ping) = try await RawConnection.onOwnThread {
                let (held, refused) = try Self.hold(60, from: "127.0.0.1", port: port, expectingRefused: 50)
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
                let (held, refused) = try Self.hold(20, from: "127.0.0.3", port: port, expectingRefused: 0)
                defer { held.forEach { $0.close() } }
                // Each newcomer takes the place of the connection idle longest: one of the first twenty.
                let newcomers = try (0..<3).map { _ in try RawConnection(port: port, from: "127.0.0.4", giveUpAfterSeconds: 30) }
                let evicted = Self.awaitClosed(held, count: 3).count
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
        limits.headerTimeoutSeconds = 60
        try await LiveServer.start(connections: limits).withStopping { server in
            let port = try #require(server.baseURL.port)
            let cap = try #require(server.app.marqueeHTTPServer?.cap)
            // Four requests whose heads have started: all busy.
            let busy = try await RawConnection.onOwnThread {
                let busy = try (0..<4).map { _ in try RawConnection(port: port, from: "127.0.0.5", giveUpAfterSeconds: 1) }
                for connection in busy { connection.send("GET /healthz HTTP/1.1\r\n") }
                return busy
            }
            defer { busy.forEach { $0.close() } }
            let deadline = ContinuousClock.now + .seconds(30)
            while cap.snapshot.busy < 4, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(cap.snapshot.busy == 4)
            let refusedNewcomer = try await RawConnection.onOwnThread {
                let newcomer = try RawConnection(port: port, from: "127.0.0.6", giveUpAfterSeconds: 1)
                defer { newcomer.close() }
                return !Self.awaitClosed([newcomer], count: 1).isEmpty
            }
            #expect(refusedNewcomer, "with every connection busy, the newcomer is the one closed")
            #expect(cap.snapshot.evicted == 0)
        }
    }
}
