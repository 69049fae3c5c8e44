import Foundation
import MarqueeModel
import MarqueeServer
import SQLKit
import Testing
import Vapor

/// Team accounts: creating them, and what each role may do.
@Suite("Team accounts")
struct AccountsTests {
    @Test(arguments: TestDatabase.available)
    func accountsAreValidatedNormalizedAndUnique(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let created = try await server.createAccount("  Grace@Example.COM", role: "viewer")
            #expect(created.email == "grace@example.com")
            #expect(created.role == "viewer")

            let taken = try await server.send(.POST, "/api/v1/accounts",
                                              json: ["email": "grace@example.com ", "role": "admin", "password": TestServer.password])
            #expect(taken.status == .conflict)
            #expect(taken.errorCode == "email_taken")

            for (body, field) in [(["email": "grace", "role": "admin", "password": TestServer.password], "email"),
                                  (["email": "g@example.com", "role": "owner", "password": TestServer.password], "role"),
                                  (["email": "g@example.com", "role": "admin", "password": "short pass1"], "password"),
                                  (["email": "g@example.com", "role": "admin", "password": String(repeating: "é", count: 129)], "password")] {
                let refused = try await server.send(.POST, "/api/v1/accounts", json: body)
                #expect(refused.status == .unprocessableEntity, "\(body)")
                #expect(refused.errorFields == [field])
            }
            let unknownKey = try await server.send(.POST, "/api/v1/accounts", raw: #"{"email": "g@example.com", "role": "admin", "password": "correct horse battery", "admin": true}"#)
            #expect(unknownKey.status == .badRequest)

            let list = try await server.send(.GET, "/api/v1/accounts")
            let items = try #require(list.json["items"] as? [[String: Any]])
            #expect(items.map { $0["email"] as? String } == ["grace@example.com"])
            #expect(!list.text.contains("$2b$"), "password hashes never leave the server")

            let sql = try #require(server.app.db as? any SQLDatabase)
            let hash = try #require(try await sql.raw("SELECT password_hash FROM accounts").first()?.decode(column: "password_hash", as: String.self))
            #expect(hash.hasPrefix("$2b$04$"), "bcrypt, at the configured cost")
            #expect(!hash.contains(TestServer.password))
        }
    }

    /// One request of the role matrix: what it is, and which roles may send it.
    struct Check: Sendable {
        var method: HTTPMethod
        var path: String
        var body: String?
        var allowed: Set<String>
    }

    @Test(arguments: TestDatabase.available)
    func eachRoleMayDoWhatItsRoleAllowsAndNothingElse(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var sessions: [String: TestServer.Session] = [:]
            for role in ["admin", "editor", "viewer"] {
                try await server.createAccount("\(role)@example.com", role: role)
                sessions[role] = try await server.signIn("\(role)@example.com")
            }
            let campaignJSON = String(decoding: try MarqueeJSON.encoder().encode(Fixtures.modal()), as: UTF8.self)

            for role in ["admin", "editor", "viewer"] {
                let session = try #require(sessions[role])
                // Each role gets things of its own to change and delete.
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                let spare = try await server.createApp(Fixtures.NewApp(name: "Spare for \(role)"))
                let target = try await server.createAccount("target-\(role)@example.com", role: "editor")
                let everyone: Set<String> = ["admin", "editor", "viewer"]
                let checks = [
                    Check(method: .GET, path: "/api/v1/apps", allowed: everyone),
                    Check(method: .GET, path: "/api/v1/apps/\(app.id)", allowed: everyone),
                    Check(method: .GET, path: "/api/v1/apps/\(app.id)/campaigns", allowed: everyone),
                    Check(method: .GET, path: "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats", allowed: everyone),
                    Check(method: .POST, path: "/api/v1/preview", body: #"{"message": {"kind": "modal", "title": "Hi"}}"#, allowed: everyone),
                    Check(method: .POST, path: "/api/v1/apps/\(app.id)/campaigns", body: campaignJSON, allowed: ["admin", "editor"]),
                    Check(method: .PUT, path: "/api/v1/apps/\(app.id)/campaigns/\(campaign)/status", body: #"{"status": "paused"}"#,
                          allowed: ["admin", "editor"]),
                    Check(method: .DELETE, path: "/api/v1/apps/\(app.id)/campaigns/\(campaign)", allowed: ["admin", "editor"]),
                    Check(method: .GET, path: "/api/v1/apps/\(app.id)/inbox/messages", allowed: everyone),
                    Check(method: .POST, path: "/api/v1/apps/\(app.id)/inbox/messages",
                          body: #"{"userIDs": ["ada"], "message": {"title": "From \#(role)"}}"#, allowed: ["admin", "editor"]),
                    Check(method: .POST, path: "/api/v1/preview/inbox", body: #"{"message": {"title": "Hi"}}"#, allowed: everyone),
                    Check(method: .POST, path: "/api/v1/apps/\(app.id)/trigger_test", body: #"{"event": {"kind": "appStart"}}"#,
                          allowed: everyone),
                    Check(method: .POST, path: "/api/v1/apps/\(app.id)/testers", body: #"{"userID": "qa-\#(role)"}"#,
                          allowed: ["admin", "editor"]),
                    Check(method: .POST, path: "/api/v1/apps/\(app.id)/identity_secret", body: "{}", allowed: ["admin"]),
                    Check(method: .POST, path: "/api/v1/apps", body: #"{"name": "Made by \#(role)"}"#, allowed: ["admin"]),
                    Check(method: .PATCH, path: "/api/v1/apps/\(app.id)", body: #"{"name": "Renamed"}"#, allowed: ["admin"]),
                    Check(method: .POST, path: "/api/v1/apps/\(app.id)/secret", allowed: ["admin"]),
                    Check(method: .DELETE, path: "/api/v1/apps/\(app.id)/users/ada", allowed: ["admin"]),
                    Check(method: .DELETE, path: "/api/v1/apps/\(spare.id)", allowed: ["admin"]),
                    Check(method: .GET, path: "/api/v1/accounts", allowed: ["admin"]),
                    Check(method: .GET, path: "/api/v1/audit", allowed: ["admin"]),
                    Check(method: .PATCH, path: "/api/v1/accounts/\(target.id)", body: #"{"role": "viewer"}"#, allowed: ["admin"]),
                    Check(method: .DELETE, path: "/api/v1/accounts/\(target.id)", allowed: ["admin"]),
                    Check(method: .POST, path: "/api/v1/accounts",
                          body: #"{"email": "new-\#(role)@example.com", "role": "viewer", "password": "correct horse battery"}"#, allowed: ["admin"]),
                ]
                for check in checks {
                    let response = try await server.send(check.method, check.path, token: nil, headers: session.headers(),
                                                         raw: check.body)
                    if check.allowed.contains(role) {
                        #expect((200..<300).contains(response.status.code),
                                "\(role) \(check.method) \(check.path): \(response.status) \(response.text)")
                    } else {
                        #expect(response.status == .forbidden, "\(role) \(check.method) \(check.path): \(response.status)")
                        #expect(response.errorCode == "forbidden")
                    }
                }
            }
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)").json["name"] as? String == "Renamed",
                    "the admin's change went through")
        }
    }

    @Test(arguments: TestDatabase.available)
    func administratorsChangeRolesAndPasswordsAndRemoveAccounts(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let owner = try await server.createAccount("owner@example.com", role: "admin")
            let editor = try await server.createAccount("ed@example.com", role: "editor")
            let editorSession = try await server.signIn("ed@example.com")
            let campaigns = "/api/v1/apps/\(app.id)/campaigns"
            #expect(try await server.send(.POST, campaigns, session: editorSession, json: Fixtures.modal()).status == .created)

            // A new role applies to live sessions at once.
            let demoted = try await server.send(.PATCH, "/api/v1/accounts/\(editor.id)", raw: #"{"role": "viewer"}"#)
            #expect(demoted.status == .ok)
            #expect(demoted.json["role"] as? String == "viewer")
            #expect(try await server.send(.POST, campaigns, session: editorSession, json: Fixtures.modal()).status == .forbidden)

            // A new password signs out whoever knew the old one.
            #expect(try await server.send(.PATCH, "/api/v1/accounts/\(editor.id)", raw: #"{"password": "short"}"#).status
                    == .unprocessableEntity)
            #expect(try await server.send(.PATCH, "/api/v1/accounts/\(editor.id)", raw: #"{"password": "a brand new passphrase"}"#).status == .ok)
            #expect(try await server.send(.GET, "/api/v1/session", session: editorSession).errorCode == "session_invalid")
            #expect(try await server.signInResponse("ed@example.com").status == .unauthorized)
            let renewed = try await server.signIn("ed@example.com", password: "a brand new passphrase")

            // Removing an account ends its sessions.
            #expect(try await server.send(.DELETE, "/api/v1/accounts/\(editor.id)").status == .noContent)
            #expect(try await server.send(.GET, "/api/v1/session", session: renewed).status == .unauthorized)
            #expect(try await server.send(.DELETE, "/api/v1/accounts/\(editor.id)").status == .notFound)
            #expect(try await server.send(.DELETE, "/api/v1/accounts/not-a-uuid").status == .badRequest)
            #expect(try await server.send(.PATCH, "/api/v1/accounts/\(owner.id)", raw: "{}").status == .badRequest)

            // There is always an admin account left.
            let lastDemoted = try await server.send(.PATCH, "/api/v1/accounts/\(owner.id)", raw: #"{"role": "editor"}"#)
            #expect(lastDemoted.status == .conflict)
            #expect(lastDemoted.errorCode == "last_admin")
            #expect(try await server.send(.DELETE, "/api/v1/accounts/\(owner.id)").errorCode == "last_admin")
            let second = try await server.createAccount("second@example.com", role: "admin")
            #expect(try await server.send(.DELETE, "/api/v1/accounts/\(owner.id)").status == .noContent)
            #expect(try await server.send(.PATCH, "/api/v1/accounts/\(second.id)", raw: #"{"role": "viewer"}"#).errorCode == "last_admin")
        }
    }

    @Test func bearerTokensKeepWorkingBesideAccounts() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let secret = try #require(app.secret)
            try await server.createAccount("ada@example.com", role: "viewer")
            let viewer = try await server.signIn("ada@example.com")

            #expect(try await server.send(.GET, "/api/v1/session").json["role"] as? String == "admin")
            #expect(try await server.send(.GET, "/api/v1/session", token: secret).json["role"] as? String == "app")
            #expect(try await server.send(.PATCH, "/api/v1/apps/\(app.id)", token: secret, raw: #"{"name": "Mine"}"#).status == .ok)
            #expect(try await server.send(.GET, "/api/v1/accounts", token: secret).status == .forbidden, "app secrets manage no accounts")

            // A bearer token decides alone: a viewer's cookie beside the admin token changes nothing.
            let both = try await server.send(.POST, "/api/v1/apps", headers: viewer.headers(csrf: false), json: Fixtures.NewApp())
            #expect(both.status == .created)
        }
    }

    /// Bcrypt reads 72 bytes; a longer password is hashed whole first, so its end counts too.
    @Test func everyCharacterOfALongPasswordCounts() async throws {
        try await TestServer.with { server in
            let long = String(repeating: "é", count: 40) + "-the-end"
            _ = try await server.createAccount("long@example.com", role: "editor", password: long)
            #expect(try await server.signInResponse("long@example.com", password: long).status == .ok)
            let sameStart = String(repeating: "é", count: 40) + "-another"
            #expect(try await server.signInResponse("long@example.com", password: sameStart).status == .unauthorized,
                    "the first 72 bytes alone do not sign in")
        }
    }
}
