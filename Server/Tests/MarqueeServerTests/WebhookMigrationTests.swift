import Fluent
import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeTestSupport
import SQLKit
import Testing
import Vapor

/// A delivery stored with a copy of its events (before migration 39) keeps the same events, now
/// read from the log: redelivered, it sends the same body; the copy is gone.
@Suite("Webhook delivery migration", .serialized)
struct WebhookMigrationTests {
    @Test(arguments: TestDatabase.production)
    func aDeliveryStoredWithItsEventsReadsThemFromTheLog(_ database: TestDatabase) async throws {
        try await WebhookReceiver.with { receiver in
            let storage = database.makeStorage()
            let appID = UUID(), endpointID = UUID(), deliveryID = UUID(), campaignID = UUID()
            var body = ""
            try await Self.migrated(through: 38, storage) { db, sql in
                // The app's row as the schema was then (the model has columns added since).
                try await sql.raw("""
                    INSERT INTO apps (id, name, subscription_id, secret_hash, rollout_percentage, ping_interval_seconds,
                                      test_user_ids, test_device_ids, frequency_caps, campaigns_version, campaigns_changed_at)
                    VALUES (\(bind: appID), 'Before', 'before-sub', 'unused', 100, 3600, '[]', '[]', '[]', 0, 0)
                    """).run()
                // Two rows: an impression with its click, then another user's impression.
                try await EventLog.append([
                    EventLog.Entry(appID: appID, type: .impression, campaignID: campaignID, userID: "ada", deviceID: "phone", serverTime: 1_000),
                    EventLog.Entry(appID: appID, type: .click, campaignID: campaignID, userID: "ada", deviceID: "phone", serverTime: 1_000,
                                   data: ["button": .string("action_one")]),
                    EventLog.Entry(appID: appID, type: .impression, campaignID: campaignID, userID: "bob", deviceID: "tablet", serverTime: 2_000),
                ], on: sql)
                // On PostgreSQL the rows are read once every older transaction has ended; other
                // suites' transactions may hold them back a while.
                var page = try await EventLog.read(appID: appID, after: .start, limit: 10, on: sql)
                let deadline = ContinuousClock.now + .seconds(60)
                while page.records.count < 3, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                    page = try await EventLog.read(appID: appID, after: .start, limit: 10, on: sql)
                }
                try #require(page.records.count == 3, "the log gives the three events")
                // The click and Bob's impression: a delivery that starts inside a row.
                body = EventLine.batch(Array(page.records.dropFirst()))
                try await sql.raw("""
                    INSERT INTO webhook_endpoints (id, app_id, url, types, secret, status, created_at, cursor)
                    VALUES (\(bind: endpointID), \(bind: appID), \(bind: receiver.url), '', 'whsec_test', 'active', 0, \(bind: page.next.description))
                    """).run()
                try await sql.raw("""
                    INSERT INTO webhook_deliveries (id, endpoint_id, created_at, events, body, state, attempts, next_attempt_at, delivered_at)
                    VALUES (\(bind: deliveryID), \(bind: endpointID), 0, 2, \(bind: body), 'delivered', 1, 0, 0)
                    """).run()
            }

            try await TestServer.with(storage: storage, adjust: { $0.allowsPrivateWebhookURLs = true }) { server in
                let sql = try server.app.db.sql()
                await #expect(throws: (any Error).self, "the copy is gone") {
                    try await sql.raw("SELECT body FROM webhook_deliveries").run()
                }
                let again = try await server.send(.POST, "/api/v1/apps/\(appID)/webhooks/\(endpointID)/deliveries/\(deliveryID)/redeliver")
                #expect(again.status == .accepted && again.json["events"] as? Int == 2, "\(again.text)")
                try await server.deliverWebhooks { !receiver.received.isEmpty }
                #expect(String(decoding: try #require(receiver.received.first).body, as: UTF8.self) == body, "the same events, read from the log")
            }
        }
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
