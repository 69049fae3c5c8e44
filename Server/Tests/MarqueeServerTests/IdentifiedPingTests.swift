import CompressNIO
import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import NIOCore
import Testing

/// An identified ping pays only for what its answer needs: its app facts are written behind the
/// answer, a user's rows are read only when a segment needs them and then held until they
/// change, and what is held never makes an answer differ from one read from the database.
// Serialized: each test runs a server with its own PostgreSQL pool.
@Suite("Identified pings", .serialized)
struct IdentifiedPingTests {
    private func ping(_ server: TestServer, _ app: Fixtures.CreatedApp, user: String, version: String = "3.0",
                      gzip: Bool = false) async throws -> TestResponse {
        let response = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d-\(user)",
                                             headers: gzip ? [("Accept-Encoding", "gzip")] : [],
                                             json: Fixtures.pingBody(userID: user, appVersion: version, capabilities: Capability.allInline,
                                                                     platform: .ios))
        try #require(response.status == .ok, "\(response.text)")
        return response
    }

    private func row(_ server: TestServer, _ app: Fixtures.CreatedApp, _ user: String) async throws -> UserFactsStore.Row? {
        try await UserFactsStore(database: server.app.db).row(appID: app.id, userID: user)
    }

    @Test(arguments: TestDatabase.production)
    func factsAreWrittenBehindTheAnswerAndConcurrentPingsCountOneSession(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Hello"), in: app)
            let facts = server.app.marquee.userFacts
            func concurrentPings(version: String) async throws {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<16 { group.addTask { _ = try await ping(server, app, user: "ada", version: version) } }
                    try await group.waitForAll()
                }
            }
            try await concurrentPings(version: "3.0")
            #expect(server.app.marquee.userChanges.rows.count == 0, "no campaign targets a segment: Ada's row was never read")
            await facts.flush()
            #expect(facts.waitingCount == 0)
            let first = try #require(try await row(server, app, "ada"))
            #expect(first.sessions == 1 && first.app_version == "3.0" && first.platform == "ios")
            #expect(first.first_seen_at == server.clock.nowMillis && first.last_seen_at == server.clock.nowMillis)

            server.clock.advance(by: 60)
            _ = try await ping(server, app, user: "ada")
            #expect(facts.waitingCount == 0, "a ping a minute later tells nothing new and is not queued")

            server.clock.advance(by: 31 * 60)
            try await concurrentPings(version: "3.1")
            await facts.flush()
            let second = try #require(try await row(server, app, "ada"))
            #expect(second.sessions == 2, "16 concurrent pings after a 31-minute gap start one new session")
            #expect(second.app_version == "3.1" && second.first_seen_at == first.first_seen_at)
            #expect(second.last_seen_at == server.clock.nowMillis)
        }
    }

    /// The same answers, byte for byte after decompression, whether a user's rows come from the
    /// cache or from the database: across users, profile changes, new sessions and campaign changes.
    @Test(arguments: TestDatabase.available)
    func heldRowsAnswerAsTheDatabaseDoes(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            func segment(_ name: String, _ rule: SegmentRule) async throws -> String {
                struct Body: Encodable {
                    var name: String
                    var rule: SegmentRule
                }
                let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/segments", json: Body(name: name, rule: rule))
                return try #require(response.json["id"] as? String, "\(response.text)")
            }
            let launch = try await server.createCampaign(Fixtures.modal("Launch"), in: app)
            let sawLaunch = try await segment("Saw the launch", .history(HistoryCondition(campaign: launch, action: .saw, withinDays: 7)))
            let vip = try await segment("VIP", .tag(TagCondition(tag: "vip", operator: .has)))
            let returning = try await segment("Returning", .fact(FactCondition(fact: .sessions, operator: .atLeast, value: .number(2))))
            let gold = try await segment("Gold", .attribute(ProfileCondition(attribute: "tier", operator: .equals, value: .string("gold"))))
            for (name, segment) in [("VIP", vip), ("Returning", returning), ("Gold", gold), ("Follow-up", sawLaunch)] {
                var campaign = Fixtures.modal(name)
                campaign.targeting.segments = SegmentTargeting(include: [segment])
                _ = try await server.createCampaign(campaign, in: app)
            }
            let users = ["ada", "bob", "cy"]
            let changes = server.app.marquee.userChanges

            func decompressed(_ response: TestResponse) throws -> Data {
                guard response.headers.first(name: "Content-Encoding") == "gzip" else { return response.body }
                var buffer = ByteBuffer(data: response.body)
                return Data(buffer: try buffer.decompress(with: .gzip()))
            }
            func compareAnswers(_ step: String) async throws {
                for user in users {
                    for gzip in [false, true] {
                        let first = try decompressed(try await ping(server, app, user: user, gzip: gzip))
                        let held = try decompressed(try await ping(server, app, user: user, gzip: gzip))
                        changes.setLearnsOfChanges(false)
                        let read = try decompressed(try await ping(server, app, user: user, gzip: gzip))
                        changes.setLearnsOfChanges(true)
                        #expect(first == read && held == read, "\(step): \(user)'s answer\(gzip ? " (gzip)" : "")")
                    }
                }
            }

            try await compareAnswers("first pings")
            // A row read while any user changes is not kept; on a PostgreSQL database shared with
            // other tests' servers, their notices arrive at any time, so ask again a few times.
            for _ in 0..<10 where changes.rows.count < users.count {
                for user in users { _ = try await ping(server, app, user: user) }
            }
            #expect(changes.rows.count == users.count, "segments need every user's row, and it is held")
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/ada/profile", json: ["addTags": ["vip"]])
            try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/bob/profile", json: ["attributes": ["tier": "gold"]])
            try await compareAnswers("after profile changes")
            let offered = try await ping(server, app, user: "ada").decode(LenientPingResponse.self).campaigns.map(\.name)
            #expect(offered == ["Launch", "VIP"], "Ada's held row has her new tag")
            let impression = ImpressionRequest(campaignId: launch, isTest: false, appVersion: "3.0", sdkVersion: "1.0",
                                               impressions: [ImpressionDTO(type: .impression, timestamp: server.clock.nowMillis)],
                                               userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: "cy")), batchId: "cy-launch")
            let stored = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: "d-cy",
                                               json: impression)
            #expect(stored.status == .ok, "\(stored.text)")
            try await compareAnswers("after an impression moved history")
            #expect(try await ping(server, app, user: "cy").decode(LenientPingResponse.self).campaigns.map(\.name).contains("Follow-up"),
                    "Cy's held history has the launch she saw")
            server.clock.advance(by: 40 * 60)
            try await compareAnswers("a new session")
            #expect(try await ping(server, app, user: "cy").decode(LenientPingResponse.self).campaigns.map(\.name)
                        == ["Launch", "Returning", "Follow-up"])
            _ = try await server.createCampaign(Fixtures.modal("Everyone"), in: app)
            try await compareAnswers("after a campaign change")
            try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/bob")
            try await compareAnswers("after an erasure")
        }
    }
}
