import Foundation
import MarqueeModel
import MarqueeServer
import Testing
import Vapor

/// The audit log: every change that succeeded, who made it and when; nothing else.
@Suite("Audit log")
struct AuditTests {
    struct Event: Decodable {
        struct Actor: Decodable {
            var kind: String
            var name: String?
            var role: String?
        }

        var id: String
        var occurredAt: Date
        var actor: Actor
        var method: String
        var route: String
        var path: String
        var status: Int
        var appID: String?
    }

    struct Page: Decodable {
        var items: [Event]
    }

    func events(_ server: TestServer, query: String = "") async throws -> [Event] {
        let response = try await server.send(.GET, "/api/v1/audit\(query)")
        guard response.status == .ok else { throw TestFailure("audit: \(response.status) \(response.text)") }
        return try response.decode(Page.self).items
    }

    @Test(arguments: TestDatabase.available)
    func changesAreRecordedWithWhoAndWhenAndNothingElseIs(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            server.clock.advance(by: 60)
            try await server.createAccount("ed@example.com", role: "editor")
            try await server.createAccount("vi@example.com", role: "viewer")
            server.clock.advance(by: 60)
            let editor = try await server.signIn("ed@example.com")
            let viewer = try await server.signIn("vi@example.com")
            server.clock.advance(by: 60)
            let created = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", session: editor, json: Fixtures.modal())
            #expect(created.status == .created)

            // Reads, previews, refusals and failures change nothing and leave no trace.
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns", session: editor).status == .ok)
            #expect(try await server.send(.POST, "/api/v1/preview", session: viewer,
                                          json: ["message": Message(kind: .modal, title: "Hi")]).status == .ok)
            #expect(try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", session: viewer, json: Fixtures.modal()).status == .forbidden)
            #expect(try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", session: editor, csrf: false,
                                          json: Fixtures.modal()).status == .forbidden)
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(app.id)/campaigns/\(UUID())", session: editor).status == .notFound)

            let log = try await events(server)
            #expect(log.map { "\($0.method) \($0.route)" } == [
                "POST /api/v1/apps/:appID/campaigns",
                "POST /api/v1/session/sign-in",
                "POST /api/v1/session/sign-in",
                "POST /api/v1/accounts",
                "POST /api/v1/accounts",
                "POST /api/v1/apps",
            ], "newest first")
            let change = try #require(log.first)
            #expect(change.actor.kind == "account")
            #expect(change.actor.name == "ed@example.com")
            #expect(change.actor.role == "editor")
            #expect(change.status == 201)
            #expect(change.appID == app.id.uuidString.lowercased())
            #expect(change.path == "/api/v1/apps/\(app.id.uuidString.lowercased())/campaigns" || change.path == "/api/v1/apps/\(app.id)/campaigns")
            #expect(change.occurredAt == server.clock.now(), "timed by the server clock")
            #expect(log.last?.actor.kind == "admin-token")
            #expect(log.last?.actor.name == nil)
            #expect(!String(decoding: try MarqueeJSON.encoder().encode(log.map(\.path)), as: UTF8.self).contains("correct horse"),
                    "no bodies, so no passwords")

            let older = try await events(server, query: "?limit=2&before=\(ISO8601DateFormatter().string(from: server.clock.now()))")
            #expect(older.map(\.route) == ["/api/v1/session/sign-in", "/api/v1/session/sign-in"])
            #expect(try await server.send(.GET, "/api/v1/audit?limit=0").status == .badRequest)
            #expect(try await server.send(.GET, "/api/v1/audit?before=yesterday").status == .badRequest)
        }
    }

    @Test func onlyAdministratorsReadTheLog() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            try await server.createAccount("ed@example.com", role: "editor")
            try await server.createAccount("boss@example.com", role: "admin")
            let editor = try await server.signIn("ed@example.com")
            let boss = try await server.signIn("boss@example.com")
            #expect(try await server.send(.GET, "/api/v1/audit", session: editor).status == .forbidden)
            #expect(try await server.send(.GET, "/api/v1/audit", token: try #require(app.secret)).status == .forbidden)
            #expect(try await server.send(.GET, "/api/v1/audit", session: boss).status == .ok)
        }
    }
}
