import Fluent
@testable import MarqueeServer
import Testing

/// Writers of a SQLite database queue at that database's own gate: a server's writes never wait
/// behind those of another server in the same process.
@Suite("SQLite write gates")
struct SQLiteWriteGateTests {
    @Test(arguments: [TestDatabase.sqlite, .sqliteFile])
    func aServersWritesGoOnWhileAnotherServersGateIsHeld(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { first in
            try await TestServer.with(database) { second in
                let gate = try #require(first.app.db.writeGate)
                #expect(second.app.db.writeGate.map { $0 !== gate } == true, "each database has a gate of its own")

                let holder = Holder()
                let holding = Task { try await gate.withTurn { await holder.hold() } }
                await holder.untilHolding()
                let writing = Task { try await second.createApp() }
                // The first gate is let go once the write is done; with one gate for both servers
                // the write would wait for that, so after a minute the gate is let go anyway and
                // the write reported as blocked (the bound only keeps such a failure from hanging).
                let writtenWhileHeld = await withTaskGroup(of: Bool.self) { group in
                    group.addTask { _ = try? await writing.value; return true }
                    group.addTask {
                        try? await Task.sleep(for: .seconds(60))
                        await holder.letGo()
                        return false
                    }
                    let first = await group.next() ?? false
                    group.cancelAll()
                    return first
                }
                await holder.letGo()
                try await holding.value
                #expect(writtenWhileHeld, "the second server's write waited for the first server's gate")
                #expect(!(try await writing.value).subscriptionID.isEmpty)
            }
        }
    }

    @Test(.enabled(if: TestDatabase.postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func postgresHasNoGate() async throws {
        try await TestServer.with(.postgres) { server in
            #expect(server.app.db.writeGate == nil, "PostgreSQL's row locks serialize its writers")
        }
    }
}
