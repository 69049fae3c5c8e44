import Foundation
import Logging
@testable import MarqueeServer
import MarqueeTestSupport
import Testing

/// Delivered deliveries stay in the delivery log for the retention period (7 days unless the
/// server sets another), then leave it with their attempts; waiting ones stay while they wait.
@Suite("Webhook delivery retention", .serialized)
struct WebhookRetentionTests {
    @Test func deliveriesPastTheRetentionLeaveTheLogAndCannotBeRedelivered() async throws {
        try await WebhookReceiver.with { receiver in
            try await TestServer.with(adjust: { $0.allowsPrivateWebhookURLs = true }) { server in
                #expect(ServerConfiguration(seedsDemo: false).webhookDeliveryRetentionDays == 7, "a week unless the server sets another")
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                let webhook = try await server.createWebhook(in: app, url: receiver.url)
                try await server.postImpression(in: app, campaign: campaign, user: "ada")
                try await server.deliverWebhooks { !receiver.received.isEmpty }
                let delivered = try #require(receiver.received.first?.headers.first(name: "Marquee-Delivery"))
                func logged() async throws -> [[String: Any]] {
                    try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries").json["items"] as? [[String: Any]] ?? []
                }

                // A second one waits on a receiver that is down.
                receiver.answer(.serviceUnavailable)
                try await server.postImpression(in: app, campaign: campaign, user: "bob")
                try await server.deliverWebhooks { receiver.received.count >= 2 }
                #expect(try await logged().compactMap { $0["state"] as? String }.sorted() == ["delivered", "waiting"])

                let job = HourlyJob.webhookDeliveryRetention(days: 7, store: WebhookStore(database: server.app.db, clock: server.clock))
                server.clock.advance(by: 6 * 86_400)
                try await job.run(Logger(label: "test"))
                #expect(try await logged().count == 2, "six days on, both are kept")

                server.clock.advance(by: 2 * 86_400)
                try await job.run(Logger(label: "test"))
                #expect(try await logged().map { $0["state"] as? String } == ["waiting"], "past seven days the delivered one goes; the waiting one stays")
                let gone = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries/\(delivered)/redeliver")
                #expect(gone.status == .notFound, "\(gone.text)")
            }
        }
    }
}
