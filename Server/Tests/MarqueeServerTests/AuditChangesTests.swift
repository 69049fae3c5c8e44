import Foundation
import MarqueeModel
import MarqueeServer
import Testing
import Vapor

/// The before and after of every app and campaign change in the audit log, through the real
/// routes: what each write replaced and what it left, never a secret, per app and per campaign.
@Suite("Audit changes")
struct AuditChangesTests {
    struct Event: Decodable {
        struct Actor: Decodable {
            var kind: String
            var name: String?
            var role: String?
        }

        struct Subject: Decodable, Equatable {
            var kind: String
            var id: String
            var name: String?
        }

        var occurredAt: Date
        var actor: Actor
        var method: String
        var route: String
        var status: Int
        var appID: String?
        var campaignID: String?
        var subject: Subject?
        var before: JSONValue?
        var after: JSONValue?

        /// `field` of the subject before the change.
        func before(_ field: String) -> JSONValue? { before?.objectValue?[field] }
        /// `field` of the subject after the change.
        func after(_ field: String) -> JSONValue? { after?.objectValue?[field] }
    }

    struct Page: Decodable {
        var items: [Event]
    }

    /// The log as the admin token reads it, with its raw text.
    func audit(_ server: TestServer, _ query: String = "") async throws -> (events: [Event], text: String) {
        let response = try await server.send(.GET, "/api/v1/audit\(query)")
        guard response.status == .ok else { throw TestFailure("audit: \(response.status) \(response.text)") }
        return (try response.decode(Page.self).items, response.text)
    }

    static func id(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    @Test(arguments: TestDatabase.available)
    func everyCampaignChangeCarriesItsBeforeAndAfter(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            try await server.createAccount("ed@example.com", role: "editor")
            let editor = try await server.signIn("ed@example.com")
            let created = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", session: editor, json: Fixtures.modal("Spring sale"))
            #expect(created.status == .created)
            let campaignID = try created.decode(Campaign.self).id
            let path = "/api/v1/apps/\(app.id)/campaigns/\(campaignID)"

            server.clock.advance(by: 1)
            var edited = Fixtures.modal("Autumn sale")
            edited.message.title = "Leaves are falling"
            #expect(try await server.send(.PUT, path, session: editor, json: edited).status == .ok)
            server.clock.advance(by: 1)
            #expect(try await server.send(.PUT, path + "/status", session: editor, json: ["status": "paused"]).status == .ok)
            // A refused change leaves no trace, and takes nothing from the ones that committed.
            var invalid = edited
            invalid.message.title = String(repeating: "x", count: 10_000)
            #expect(try await server.send(.PUT, path, session: editor, json: invalid).status == .unprocessableEntity)
            server.clock.advance(by: 1)
            #expect(try await server.send(.DELETE, path, session: editor).status == .noContent)

            let (history, _) = try await audit(server, "?campaignID=\(campaignID)")
            #expect(history.map { "\($0.method) \($0.route)" } == [
                "DELETE /api/v1/apps/:appID/campaigns/:campaignID",
                "PUT /api/v1/apps/:appID/campaigns/:campaignID/status",
                "PUT /api/v1/apps/:appID/campaigns/:campaignID",
                "POST /api/v1/apps/:appID/campaigns",
            ], "newest first")
            for event in history {
                #expect(event.campaignID == campaignID)
                #expect(event.appID == Self.id(app.id))
                #expect(event.actor.name == "ed@example.com")
                #expect(event.subject?.kind == "campaign")
                #expect(event.subject?.id == campaignID)
            }
            let (deleted, status, update, create) = (history[0], history[1], history[2], history[3])

            #expect(create.before == nil, "nothing before a create")
            #expect(create.after("name") == .string("Spring sale"))
            #expect(create.after("id") == .string(campaignID))
            #expect(create.after("appID") == .string(Self.id(app.id)), "the admin API's shape, bookkeeping included")
            #expect(create.subject?.name == "Spring sale")

            #expect(update.before("name") == .string("Spring sale"))
            #expect(update.after("name") == .string("Autumn sale"))
            #expect(update.before("message")?.objectValue?["title"] == .string("Hello"))
            #expect(update.after("message")?.objectValue?["title"] == .string("Leaves are falling"))
            #expect(Self.withoutTimes(try #require(update.before)) == Self.withoutTimes(try #require(create.after)),
                    "the state the update replaced is the one the create left")
            #expect(update.subject?.name == "Autumn sale")

            #expect(status.before("status") == .string("active"))
            #expect(status.after("status") == .string("paused"))
            #expect(Self.withoutTimes(try #require(status.before)) == Self.withoutTimes(try #require(update.after)))

            #expect(deleted.after == nil, "nothing after a delete")
            #expect(deleted.before("status") == .string("paused"))
            #expect(deleted.subject?.name == "Autumn sale", "a deleted campaign is still named")
        }
    }

    /// The snapshot without its timestamps, which the database keeps at its own precision.
    static func withoutTimes(_ value: JSONValue) -> JSONValue {
        guard var members = value.objectValue else { return value }
        members["createdAt"] = nil
        members["updatedAt"] = nil
        return .object(members)
    }

    @Test(arguments: TestDatabase.available)
    func appChangesCarryTheirBeforeAndAfterAndNeverASecret(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(name: "Shop", rolloutPercentage: 100))
            let appPath = "/api/v1/apps/\(app.id)"
            // A second apart each, so the log's order is theirs.
            server.clock.advance(by: 1)
            #expect(try await server.send(.PATCH, appPath, raw: #"{"rolloutPercentage": 40, "testUserIDs": ["ada"]}"#).status == .ok)
            let replacement = #"""
                {"name": "Shop EU", "subscriptionID": "\#(app.subscriptionID)", "rolloutPercentage": 50,
                 "pingIntervalSeconds": 600, "testUserIDs": [], "testDeviceIDs": ["dev-1"], "frequencyCaps": [],
                 "identityVerification": "off", "deviceProfile": {"tags": ["newsletter"]}, "webOrigins": []}
                """#
            server.clock.advance(by: 1)
            #expect(try await server.send(.PUT, appPath, raw: replacement).status == .ok)
            server.clock.advance(by: 1)
            let rotated = try await server.send(.POST, appPath + "/secret")
            let newAppSecret = try #require(rotated.json["secret"] as? String)
            server.clock.advance(by: 1)
            let identity = try await server.send(.POST, appPath + "/identity_secret", json: ["graceSeconds": 0])
            let identitySecret = try #require(identity.json["identitySecret"] as? String)

            let (events, text) = try await audit(server, "?appID=\(app.id)")
            #expect(events.map { "\($0.method) \($0.route)" } == [
                "POST /api/v1/apps/:appID/identity_secret",
                "POST /api/v1/apps/:appID/secret",
                "PUT /api/v1/apps/:appID",
                "PATCH /api/v1/apps/:appID",
                "POST /api/v1/apps",
            ])
            for event in events {
                #expect(event.subject == Event.Subject(kind: "app", id: Self.id(app.id), name: event.subject?.name))
                #expect(event.campaignID == nil)
                #expect(event.appID == Self.id(app.id), "creating an app is found by its id too")
            }
            let (identityEvent, secretEvent, put, patch, create) = (events[0], events[1], events[2], events[3], events[4])
            #expect(create.before == nil)
            #expect(create.after("name") == .string("Shop"))
            #expect(create.after("subscriptionID") == .string(app.subscriptionID))
            #expect(patch.before("rolloutPercentage") == .number(100))
            #expect(patch.after("rolloutPercentage") == .number(40))
            #expect(patch.after("testUserIDs") == .array([.string("ada")]))
            #expect(patch.before("name") == patch.after("name"), "PATCH keeps what it is not given")
            #expect(put.before("rolloutPercentage") == .number(40))
            #expect(put.after("rolloutPercentage") == .number(50))
            #expect(put.after("pingIntervalSeconds") == .number(600))
            #expect(put.after("testUserIDs") == .array([]))
            #expect(put.subject?.name == "Shop EU")
            #expect(Self.withoutTimes(try #require(secretEvent.before)) == Self.withoutTimes(try #require(secretEvent.after)),
                    "a new app secret shows no field")
            #expect(identityEvent.before("hasIdentitySecret") == .bool(false))
            #expect(identityEvent.after("hasIdentitySecret") == .bool(true))

            server.clock.advance(by: 1)
            #expect(try await server.send(.DELETE, appPath).status == .noContent)
            let deleted = try #require(try await audit(server, "?appID=\(app.id)").events.first)
            #expect(deleted.method == "DELETE")
            #expect(deleted.after == nil)
            #expect(deleted.before("name") == .string("Shop EU"), "the app as it was when deleted")

            let everything = try await audit(server).text
            for secret in [try #require(app.secret), newAppSecret, identitySecret] {
                #expect(!everything.contains(secret), "no secret in the log")
            }
            for key in ["\"secret\"", "\"identitySecret\"", "secretHash", "secret_hash", "previousIdentitySecret", "mqs_", "mqi_"] {
                #expect(!everything.contains(key), "no \(key) in the log")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func filtersKeepOneAppOrOneCampaign(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let shop = try await server.createApp(.init(name: "Shop"))
            let news = try await server.createApp(.init(name: "News"))
            let first = try await server.createCampaign(Fixtures.modal("First"), in: shop)
            let second = try await server.createCampaign(Fixtures.modal("Second"), in: shop)
            _ = try await server.createCampaign(Fixtures.modal("Elsewhere"), in: news)
            server.clock.advance(by: 1)
            _ = try await server.send(.PUT, "/api/v1/apps/\(shop.id)/campaigns/\(first)/status", json: ["status": "paused"])
            try await server.createAccount("ed@example.com", role: "editor")
            _ = try await server.signIn("ed@example.com")

            let shopLog = try await audit(server, "?appID=\(shop.id)").events
            #expect(shopLog.count == 4, "its creation, two campaigns and a pause; no sign-ins, accounts or other apps")
            #expect(shopLog.allSatisfy { $0.appID == Self.id(shop.id) })
            #expect(Set(shopLog.compactMap(\.subject?.name)) == ["Shop", "First", "Second"])

            let firstLog = try await audit(server, "?campaignID=\(first)").events
            #expect(firstLog.map(\.method) == ["PUT", "POST"])
            #expect(firstLog.allSatisfy { $0.campaignID == first })
            #expect(try await audit(server, "?campaignID=\(second)&appID=\(news.id)").events.isEmpty, "both filters hold")
            #expect(try await audit(server, "?campaignID=\(second)&appID=\(shop.id)").events.count == 1)
            #expect(try await audit(server, "?appID=\(shop.id)&limit=1").events.first?.campaignID == first)

            let everything = try await audit(server).events
            #expect(everything.count == 8, "the account and the sign-in are in the whole log")
            #expect(Set(everything.filter { $0.subject == nil }.map(\.route)) == ["/api/v1/session/sign-in", "/api/v1/accounts"])
            for bad in ["?appID=shop", "?campaignID=42"] {
                let response = try await server.send(.GET, "/api/v1/audit\(bad)")
                #expect(response.status == .badRequest, "\(bad)")
                #expect(response.errorCode == "invalid_query")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyAdministratorsReadTheChanges(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            for (email, role) in [("boss@example.com", "admin"), ("ed@example.com", "editor"), ("vi@example.com", "viewer")] {
                try await server.createAccount(email, role: role)
            }
            let boss = try await server.signIn("boss@example.com")
            let editor = try await server.signIn("ed@example.com")
            let viewer = try await server.signIn("vi@example.com")
            for query in ["", "?appID=\(app.id)", "?campaignID=\(campaign)"] {
                let path = "/api/v1/audit\(query)"
                #expect(try await server.send(.GET, path).status == .ok, "the admin token: \(path)")
                #expect(try await server.send(.GET, path, session: boss).status == .ok, "an admin: \(path)")
                #expect(try await server.send(.GET, path, session: editor).status == .forbidden, "an editor: \(path)")
                #expect(try await server.send(.GET, path, session: viewer).status == .forbidden, "a viewer: \(path)")
                #expect(try await server.send(.GET, path, token: try #require(app.secret)).status == .forbidden, "the app's secret: \(path)")
            }
            let read = try await server.send(.GET, "/api/v1/audit?campaignID=\(campaign)", session: boss)
            #expect(try read.decode(Page.self).items.first?.after?.objectValue?["name"] == .string("Spring sale"))
        }
    }

    @Test(arguments: TestDatabase.production)
    func racingPatchesEachRecordTheirOwnBeforeAndAfter(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(name: "Shop", rolloutPercentage: 100))
            let rollouts = Array(1...10)
            try await withThrowingTaskGroup(of: HTTPResponseStatus.self) { group in
                for rollout in rollouts {
                    group.addTask {
                        // A PATCH refused as busy changed nothing and left no event.
                        try await retryingWhileBusy {
                            try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"rolloutPercentage": \#(rollout)}"#)
                        }.status
                    }
                }
                for try await status in group { #expect(status == .ok) }
            }

            let patches = try await audit(server, "?appID=\(app.id)").events.filter { $0.method == "PATCH" }
            #expect(patches.count == rollouts.count, "one event per PATCH")
            // Each write read what the one before it left, so the befores and afters chain from the
            // first value through every PATCH exactly once, in the order they committed.
            var next: [Double: Double] = [:]
            for event in patches {
                guard case .number(let before)? = event.before("rolloutPercentage"),
                      case .number(let after)? = event.after("rolloutPercentage") else {
                    Issue.record("a PATCH without its before and after")
                    continue
                }
                #expect(next[before] == nil, "two writes replaced the same state \(before)")
                next[before] = after
            }
            var chain: [Double] = []
            var current = 100.0
            while let following = next[current], chain.count <= rollouts.count {
                chain.append(following)
                current = following
            }
            #expect(chain.count == rollouts.count, "the chain \(chain) covers every PATCH")
            #expect(Set(chain) == Set(rollouts.map(Double.init)))
            let final = try await server.send(.GET, "/api/v1/apps/\(app.id)").json["rolloutPercentage"] as? Int
            #expect(final.map(Double.init) == chain.last, "the last change recorded is the state the app is in")
        }
    }
}
