import Fluent
import Foundation
import MarqueeModel
@testable import MarqueeServer
import SQLKit
import Testing
import Vapor

/// A database written before raw impressions were packed and users digested (migrations 27 to
/// 32) keeps every fact: each batch becomes one row holding its events; reach, conversions,
/// history, profile values, tags and App Inbox rows keep their users under their digests;
/// a survey answer's choices share one row; audience counts still find them, and erasure still
/// removes them.
@Suite("Storage migrations")
struct StorageMigrationTests {
    @Test(arguments: TestDatabase.production)
    func factsStoredBeforeArePackedAndDigested(_ database: TestDatabase) async throws {
        let storage = database.makeStorage()
        let appID = UUID()
        let campaignID = UUID()
        let batchID = UUID()
        let messageID = UUID()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await Self.migrated(through: 26, storage) { db, sql in
            // The app's row as the schema was then (the model has columns added since).
            try await sql.raw("""
                INSERT INTO apps (id, name, subscription_id, secret_hash, rollout_percentage, ping_interval_seconds,
                                  test_user_ids, test_device_ids, frequency_caps, campaigns_version, campaigns_changed_at)
                VALUES (\(bind: appID), 'Before', 'before-sub', 'unused', 100, 3600, '[]', '[]', '[]', 0, 0)
                """).run()
            try await sql.raw("""
                INSERT INTO impression_batches (id, app_id, batch_key, received_at)
                VALUES (\(bind: batchID), \(bind: appID), 'id:one', \(bind: now))
                """).run()
            for (type, at) in [(1, Int64(1_800_000_002_000)), (2, 1_800_000_001_000)] {
                try await sql.raw("""
                    INSERT INTO impressions (id, app_id, campaign_id, batch_id, type, occurred_at, user_key, device_id, is_test, variant)
                    VALUES (\(bind: UUID()), \(bind: appID), \(bind: campaignID), \(bind: batchID), \(bind: type), \(bind: at),
                            'u:ada|t:', 'phone', \(bind: false), 'b')
                    """).run()
            }
            for (unit, user) in [("user:ada", "u:ada|t:"), ("user:bob", "u:bob|t:")] {
                try await sql.raw("""
                    INSERT INTO campaign_reach (app_id, campaign_id, unit_key, user_key, variant, first_at, received_at, is_test)
                    VALUES (\(bind: appID), \(bind: campaignID), \(bind: unit), \(bind: user), 'b', 1800000001000, \(bind: now), \(bind: false))
                    """).run()
            }
            try await sql.raw("""
                INSERT INTO conversions (id, app_id, campaign_id, unit_key, user_key, variant, exposed_at, converted_at, received_at, is_test)
                VALUES (\(bind: UUID()), \(bind: appID), \(bind: campaignID), 'user:ada', 'u:ada|t:', 'b', 1800000001000, 1800000003000,
                        \(bind: now), \(bind: false))
                """).run()
            for (user, profile) in [("ada", #"{"attributes": {"plan": "gold"}}"#), ("bob", #"{"tags": ["vip"]}"#)] {
                try await sql.raw("""
                    INSERT INTO user_profiles (app_id, user_id, profile, updated_at) VALUES (\(bind: appID), \(bind: user), \(bind: profile), 0)
                    """).run()
            }
            try await sql.raw("""
                INSERT INTO user_profile_values (app_id, user_id, name, kind, text_value) VALUES (\(bind: appID), 'ada', 'plan', 's', 'gold')
                """).run()
            try await sql.raw("INSERT INTO user_tags (app_id, user_id, tag) VALUES (\(bind: appID), 'bob', 'vip')").run()
            try await sql.raw("""
                INSERT INTO user_history (app_id, user_id, campaign_id, action, last_at)
                VALUES (\(bind: appID), 'ada', \(bind: campaignID), 'saw', 1800000002000)
                """).run()
            let responseID = UUID()
            try await sql.raw("""
                INSERT INTO survey_responses (id, app_id, campaign_id, batch_id, variant, user_key, answered_at, received_at, is_test)
                VALUES (\(bind: responseID), \(bind: appID), \(bind: campaignID), 'display-1', '', 'u:ada|t:', 0, 0, \(bind: false))
                """).run()
            let rows: [(String, String?, String?)] = [("colors", "red", nil), ("colors", "blue", nil), ("why", nil, "cheap"), ("score", "9", nil)]
            for (question, choice, text) in rows {
                try await sql.raw("""
                    INSERT INTO survey_answers (response_id, campaign_id, question_id, choice, text, answered_at, is_test)
                    VALUES (\(bind: responseID), \(bind: campaignID), \(bind: question), \(bind: choice), \(bind: text), 0, \(bind: false))
                    """).run()
            }
            try await sql.raw("""
                INSERT INTO inbox_messages (id, app_id, content, source, deliver_at, created_at)
                VALUES (\(bind: messageID), \(bind: appID), '{"title": "Hello"}', 'api', 0, 0)
                """).run()
            try await sql.raw("""
                INSERT INTO inbox_entries (app_id, message_id, user_id, deliver_at, is_read, is_deleted, change_seq)
                VALUES (\(bind: appID), \(bind: messageID), 'ada', 0, \(bind: false), \(bind: false), 1)
                """).run()
            try await sql.raw("""
                INSERT INTO inbox_events (app_id, user_id, event_key, message_id, interaction, occurred_at, device_id)
                VALUES (\(bind: appID), 'ada', 'open-1', \(bind: messageID), 'opened', 0, 'phone')
                """).run()
        }

        try await TestServer.with(storage: storage) { server in
            let sql = try #require(server.app.db as? any SQLDatabase)
            let batch = try #require(try await sql.raw("""
                SELECT campaign_id, user_key, device_id, variant, events FROM impression_batches
                """).first(decoding: BatchRow.self))
            #expect(batch.campaign_id == campaignID && batch.user_key == "u:ada|t:" && batch.device_id == "phone" && batch.variant == "b")
            #expect(ImpressionEvents(packed: batch.events)?.events == [.init(type: .actionOne, occurredAt: 1_800_000_001_000),
                                                                       .init(type: .impression, occurredAt: 1_800_000_002_000)])
            await #expect(throws: (any Error).self, "the per-impression table is gone") {
                try await sql.raw("SELECT COUNT(*) AS n FROM impressions").run()
            }
            #expect(Set(try await Self.units(in: "campaign_reach", sql)) == [KeyDigest("user:ada"), KeyDigest("user:bob")])
            #expect(try await Self.units(in: "conversions", sql) == [KeyDigest("user:ada")])
            let answers = try await sql.raw("SELECT question_id, choice, text FROM survey_answers ORDER BY question_id")
                .all(decoding: AnswerRow.self)
            #expect(answers.map(\.question_id) == ["colors", "score", "why"], "a row per question answered")
            #expect(answers.map { $0.choice.map(ChosenValues.unpacked) } == [["red", "blue"], ["9"], nil])
            #expect(answers.last?.text == "cheap")
            let tallies = try await SurveyResponses.tallies(of: campaignID, on: sql)
            #expect(Set(tallies.map { "\($0.question_id)=\($0.choice ?? "text"):\($0.count)" }) == ["colors=red:1", "colors=blue:1", "score=9:1", "why=text:1"])
            let inbox = try #require(try await sql.raw("""
                SELECT e.user_key, v.event_digest, v.device_digest FROM inbox_entries e
                JOIN inbox_messages m ON m.copy_key = e.message_key JOIN inbox_events v ON v.message_id = m.id
                """).first(decoding: InboxRow.self))
            #expect(inbox == InboxRow(user_key: InboxCopyKey.user("ada", in: appID), event_digest: KeyDigest("open-1"),
                                      device_digest: KeyDigest("phone")))
            let ownInbox = try await server.send(.GET, "/api/v1/apps/\(appID)/inbox/messages?userID=ada")
            let listed = try #require((ownInbox.json["items"] as? [[String: Any]])?.first, "\(ownInbox.text)")
            #expect(listed["id"] as? String == messageID.uuidString.lowercased() && (listed["stats"] as? [String: Any])?["recipients"] as? Int == 1,
                    "the copy is still found by its user and its message: \(ownInbox.text)")

            struct RuleBody: Encodable { var rule: SegmentRule }
            func audience(_ rule: SegmentRule) async throws -> Int? {
                try await server.send(.POST, "/api/v1/apps/\(appID)/audience", json: RuleBody(rule: rule)).json["users"] as? Int
            }
            let sawIt = SegmentRule.history(HistoryCondition(campaign: campaignID.uuidString.lowercased(), action: .saw))
            #expect(try await audience(.attribute(ProfileCondition(attribute: "plan", operator: .equals, value: .string("gold")))) == 1)
            #expect(try await audience(.tag(TagCondition(tag: "vip", operator: .has))) == 1)
            #expect(try await audience(sawIt) == 1)
            #expect(try await audience(.any([sawIt, .tag(TagCondition(tag: "vip", operator: .has))])) == 2)
            for table in ["user_profile_values", "user_tags"] {
                await #expect(throws: (any Error).self, "audience counts read profiles: \(table) is gone") {
                    try await sql.raw("SELECT COUNT(*) AS n FROM \(ident: table)").run()
                }
            }

            let erased = try await server.send(.DELETE, "/api/v1/apps/\(appID)/users/ada")
            #expect(erased.status == .ok, "\(erased.text)")
            #expect(erased.json["deletedImpressions"] as? Int == 2)
            #expect(try await Self.units(in: "campaign_reach", sql) == [KeyDigest("user:bob")])
            #expect(try await Self.units(in: "conversions", sql).isEmpty)
            let forgotten = try #require(try await sql.raw("SELECT user_key, device_id, events FROM impression_batches")
                .first(decoding: ForgottenRow.self))
            #expect(forgotten.user_key == nil && forgotten.device_id == nil, "the batch stays, naming no one, so a retry is still known")
            #expect(try await audience(sawIt) == 0)
            #expect(try await sql.raw("SELECT user_key FROM inbox_entries").all().isEmpty, "their inbox copy went")
            #expect(try await sql.raw("SELECT user_digest FROM inbox_events").all().isEmpty, "and what they did with it")
        }
    }

    /// Sightings stored before segments existed (migration 22) become history that segments read,
    /// next to profiles stored then.
    @Test(arguments: TestDatabase.production)
    func sightingsStoredBeforeSegmentsBecomeHistory(_ database: TestDatabase) async throws {
        let storage = database.makeStorage()
        let appID = UUID()
        let campaignID = UUID()
        let batchID = UUID()
        try await Self.migrated(through: 21, storage) { _, sql in
            try await sql.raw("""
                INSERT INTO apps (id, name, subscription_id, secret_hash, rollout_percentage, ping_interval_seconds, test_user_ids,
                                  test_device_ids, frequency_caps, campaigns_version, campaigns_changed_at)
                VALUES (\(bind: appID), 'Before', 'before', 'unused', 100, 60, '[]', '[]', '[]', 0, 0)
                """).run()
            try await sql.raw("""
                INSERT INTO impression_batches (id, app_id, batch_key, received_at)
                VALUES (\(bind: batchID), \(bind: appID), 'id:one', \(bind: Date(timeIntervalSince1970: 1_800_000_000)))
                """).run()
            for (user, at) in [("ada", Int64(1_800_000_001_000)), ("ada", 1_800_000_002_000), ("bob", 1_700_000_000_000)] {
                try await sql.raw("""
                    INSERT INTO impressions (id, app_id, campaign_id, batch_id, type, occurred_at, user_key, device_id, is_test, variant)
                    VALUES (\(bind: UUID()), \(bind: appID), \(bind: campaignID), \(bind: batchID), 1, \(bind: at),
                            \(bind: "u:\(user)|t:"), 'phone', \(bind: false), '')
                    """).run()
            }
            try await sql.raw("""
                INSERT INTO user_profiles (app_id, user_id, profile, updated_at)
                VALUES (\(bind: appID), 'ada', '{"attributes": {"plan": "gold"}, "tags": ["vip"]}', 0)
                """).run()
        }
        try await TestServer.with(storage: storage) { server in
            server.clock.set(Date(timeIntervalSince1970: 1_800_000_100))
            struct RuleBody: Encodable { var rule: SegmentRule }
            func audience(_ rule: SegmentRule) async throws -> Int? {
                try await server.send(.POST, "/api/v1/apps/\(appID)/audience", json: RuleBody(rule: rule)).json["users"] as? Int
            }
            let history = SegmentRule.history(HistoryCondition(campaign: campaignID.uuidString.lowercased(), action: .saw, withinDays: 30))
            let sawIt = try await audience(history)
            #expect(sawIt == 1, "ada saw it lately; bob long ago")
            let all = try await audience(.all([history, .attribute(ProfileCondition(attribute: "plan", operator: .equals, value: .string("gold"))),
                                               .tag(TagCondition(tag: "vip", operator: .has))]))
            #expect(all == 1)
        }
    }

    private struct BatchRow: Decodable {
        var campaign_id: UUID
        var user_key: String
        var device_id: String
        var variant: String
        var events: Data
    }

    private struct ForgottenRow: Decodable {
        var user_key: String?
        var device_id: String?
    }

    private struct AnswerRow: Decodable {
        var question_id: String
        var choice: String?
        var text: String?
    }

    private struct InboxRow: Decodable, Equatable {
        var user_key: KeyDigest
        var event_digest: KeyDigest
        var device_digest: KeyDigest
    }

    private struct UnitRow: Decodable {
        var unit_digest: KeyDigest
    }

    private static func units(in table: String, _ sql: any SQLDatabase) async throws -> [KeyDigest] {
        try await sql.raw("SELECT unit_digest FROM \(ident: table)").all(decoding: UnitRow.self).map(\.unit_digest)
    }

    /// Runs `body` on `storage` migrated as the server was up to migration `last`.
    private static func migrated(through last: Int, _ storage: ServerConfiguration.Storage,
                                 _ body: (any Database, any SQLDatabase) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        do {
            app.logger.logLevel = .warning
            try await DatabaseSetup(storage: storage, waitSeconds: 120).apply(to: app)
            app.migrations.add(Array(MarqueeMigrations.all.prefix(last)))
            try await app.autoMigrate()
            try await body(app.db, try #require(app.db as? any SQLDatabase))
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
