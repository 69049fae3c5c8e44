import Foundation
import MarqueeModel
import MarqueeServer
import SQLKit
import Testing
import Vapor

/// `/healthz` says the process answers and touches nothing; `/readyz` says whether the database
/// answers and is fully migrated, so an orchestrator takes an instance out of rotation without
/// restarting it.
@Suite("Health and readiness")
struct ReadinessTests {
    @Test(arguments: TestDatabase.available)
    func aReadyServerAnswersBoth(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let health = try await server.send(.GET, "/healthz", token: nil)
            #expect(health.status == .ok)
            #expect(health.json["version"] as? String == MarqueeVersion.current)
            let ready = try await server.send(.GET, "/readyz", token: nil)
            #expect(ready.status == .ok, "\(ready.text)")
            #expect(ready.json["database"] as? String == "ok")
            #expect(ready.json["migrations"] as? String == "ok")
        }
    }

    @Test func aMigrationMissingFromTheDatabaseMakesTheServerUnready() async throws {
        try await TestServer.with(.sqlite) { server in
            let sql = try #require(server.app.db as? any SQLDatabase)
            try await sql.raw("DELETE FROM _fluent_migrations WHERE name LIKE '%M019_IndexImpressionBatches'").run()
            let ready = try await server.send(.GET, "/readyz", token: nil)
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.json["migrations"] as? String == "pending")
            #expect((ready.json["pendingMigrations"] as? [String])?.count == 1)
            #expect(try await server.send(.GET, "/healthz", token: nil).status == .ok)
        }
    }

    /// The server's database stops taking connections (as when PostgreSQL is down or
    /// unreachable): readiness fails within its bound, liveness does not notice, and readiness
    /// comes back with the database.
    @Test(.enabled(if: TestDatabase.postgresURL != nil))
    func anUnreachableDatabaseMakesTheServerUnreadyButAlive() async throws {
        let admin = try await PostgresAdmin.connect()
        let name = PostgresAdmin.unreachableDatabase
        let schema = TestDatabase.newSchemaName()
        do {
            try await admin.createDatabaseIfMissing(name)
            try await admin.run("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            try await TestServer.with(storage: .postgres(url: admin.url(database: name), searchPath: schema)) { server in
                #expect(try await server.send(.GET, "/readyz", token: nil).status == .ok)

                try await admin.run("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
                try await admin.run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
                let unready = try await server.send(.GET, "/readyz", token: nil)
                #expect(unready.status == .serviceUnavailable)
                #expect(unready.json["database"] as? String == "unreachable")
                #expect(try await server.send(.GET, "/healthz", token: nil).status == .ok, "liveness does no I/O")

                try await admin.run("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
                var ready = try await server.send(.GET, "/readyz", token: nil)
                for _ in 0..<20 where ready.status != .ok {
                    try await Task.sleep(for: .milliseconds(250))
                    ready = try await server.send(.GET, "/readyz", token: nil)
                }
                #expect(ready.status == .ok, "ready again once the database is back: \(ready.text)")
            }
        } catch {
            try? await admin.run("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            await admin.close()
            throw error
        }
        await admin.close()
    }
}
