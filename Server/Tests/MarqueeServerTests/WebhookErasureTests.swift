import Foundation
@testable import MarqueeServer
import MarqueeTestSupport
import SQLKit
import Testing

/// Deliveries keep no copy of their events: erasing a user reaches every delivery, stored or
/// redelivered, with the event log.
@Suite("Webhook erasure", .serialized)
struct WebhookErasureTests {
    private static let traces = ["ada", "device-ada", "ada@example.com"]

    private func mentionsAda(_ text: String) -> Bool {
        Self.traces.contains { text.contains("\"\($0)\"") }
    }

    @Test(arguments: TestDatabase.available)
    func anErasedUsersEventsLeaveStoredAndRedeliveredDeliveries(_ database: TestDatabase) async throws {
        try await WebhookReceiver.with { receiver in
            try await TestServer.with(database, adjust: { $0.allowsPrivateWebhookURLs = true }) { server in
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                try await server.untilTheLog(shows: "the campaign's event") {
                    try await EventLog.read(appID: app.id, after: .start, limit: 10, on: try server.app.db.sql()).records.count >= 1
                }
                let webhook = try await server.createWebhook(in: app, url: receiver.url)
                func bodies() -> [String] { receiver.received.map { String(decoding: $0.body, as: UTF8.self) } }

                // Paused while events are stored, so each batch makes one delivery: one with Ada's
                // and Bob's events, then one with Ada's alone.
                func paused(_ store: () async throws -> Void) async throws {
                    #expect(try await server.send(.PATCH, "/api/v1/apps/\(app.id)/webhooks/\(webhook)", json: ["status": "paused"]).status == .ok)
                    try await store()
                    #expect(try await server.send(.PATCH, "/api/v1/apps/\(app.id)/webhooks/\(webhook)", json: ["status": "active"]).status == .ok)
                }
                try await paused {
                    try await server.postImpression(in: app, campaign: campaign, user: "ada", types: [1, 2])
                    let profile = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/ada/profile",
                                                        raw: #"{"attributes": {"email": "ada@example.com"}}"#)
                    #expect(profile.status == .ok, "\(profile.text)")
                    try await server.postImpression(in: app, campaign: campaign, user: "bob")
                }
                try await server.deliverWebhooks { bodies().contains { $0.contains("device-bob") } }
                try await paused { try await server.postImpression(in: app, campaign: campaign, user: "ada", batch: "again") }
                try await server.deliverWebhooks { bodies().count >= 2 }
                let sent = receiver.received
                #expect(sent.count == 2 && Self.traces.allSatisfy { trace in sent.contains { String(decoding: $0.body, as: UTF8.self).contains(trace) } },
                        "before the erasure, the deliveries carried Ada's ID, device and e-mail")
                let mixed = try #require(sent.first?.headers.first(name: "Marquee-Delivery"))
                let adasAlone = try #require(sent.last?.headers.first(name: "Marquee-Delivery"))

                let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada")
                #expect(erased.status == .ok, "\(erased.text)")

                // Stored deliveries and attempts hold nothing of hers.
                let sql = try server.app.db.sql()
                for table in [WebhookStore.deliveries, WebhookStore.attempts] {
                    let rows = try await sql.raw("SELECT * FROM \(ident: table)").all()
                    let text = rows.map { row in row.allColumns.map { (try? row.decode(column: $0, as: String?.self)) ?? nil }
                        .compactMap { $0 }.joined(separator: " ") }.joined(separator: "\n")
                    #expect(!Self.traces.contains { text.contains($0) }, "\(table) holds a trace of the erased user: \(text)")
                }
                let log = try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries")
                #expect(!Self.traces.contains { log.text.contains($0) }, "\(log.text)")

                // The erasure itself is delivered, naming her ID once, as it is meant to.
                try await server.deliverWebhooks { bodies().contains { $0.contains("user_erased") } }

                // Redelivered, the mixed delivery carries Bob's event alone; Ada's alone has nothing left to send.
                let again = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries/\(mixed)/redeliver")
                #expect(again.status == .accepted && again.json["events"] as? Int == 1, "\(again.text)")
                let count = receiver.received.count
                try await server.deliverWebhooks { receiver.received.count > count }
                let redelivered = try #require(bodies().last)
                #expect(redelivered.contains("device-bob") && !mentionsAda(redelivered), "\(redelivered)")
                let gone = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries/\(adasAlone)/redeliver")
                #expect(gone.status == .gone && gone.errorCode == "delivery_events_gone", "\(gone.text)")
            }
        }
    }
}
