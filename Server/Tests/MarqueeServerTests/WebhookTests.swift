import Crypto
import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import MarqueeTestSupport
import Testing

/// Webhooks: endpoints made through the admin API get the event log as signed batches, at least
/// once and in order, through failures, with a delivery log; a day of failures disables one.
// Serialized: each test runs a server with its own PostgreSQL pool and a receiver.
@Suite("Webhooks", .serialized)
struct WebhookTests {
    private struct Batch: Decodable {
        struct Event: Decodable {
            var id: String
            var cursor: String
            var type: String
            var userId: String?
        }

        var events: [Event]
    }

    private func allowingPrivateURLs(_ configuration: inout ServerConfiguration) {
        configuration.allowsPrivateWebhookURLs = true
    }

    private struct NewWebhook: Encodable {
        var url: String
        var types: [String]
    }

    private func create(_ server: TestServer, _ app: Fixtures.CreatedApp, url: String, types: [String] = []) async throws -> (id: String, secret: String) {
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks", json: NewWebhook(url: url, types: types))
        try #require(response.status == .created, "\(response.text)")
        let id = try #require(response.json["id"] as? String)
        let secret = try #require(response.json["secret"] as? String)
        return (id, secret)
    }

    private func impression(_ server: TestServer, _ app: Fixtures.CreatedApp, campaign: String, user: String, types: [Int] = [1]) async throws {
        let body = ImpressionBody(campaignId: campaign, impressions: types.map { .init(type: $0, timestamp: 1_790_000_000_000) },
                                  userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: "\(user)-\(types)")
        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                             deviceID: "device-\(user)", json: body)
        try #require(response.status == .ok, "\(response.text)")
    }

    /// Returns once the log shows `count` events of the app: an endpoint made before then starts
    /// before the last of them, and gets it too.
    private func settle(_ server: TestServer, _ app: Fixtures.CreatedApp, count: Int) async throws {
        try await server.untilTheLog(shows: "\(count) events") {
            try await EventLog.read(appID: app.id, after: .start, limit: 10_000, on: try server.app.db.sql()).records.count >= count
        }
    }

    /// Rounds of the dispatcher until `done` holds.
    private func deliver(_ server: TestServer, until done: () -> Bool) async throws {
        try await server.untilTheLog(shows: "the deliveries awaited") {
            if done() { return true }
            try await server.app.marquee.webhooks.round()
            return done()
        }
    }

    private func batches(_ receiver: WebhookReceiver) throws -> [Batch] {
        try receiver.received.map { try JSONDecoder().decode(Batch.self, from: $0.body) }
    }

    @Test(arguments: TestDatabase.available)
    func aSignedBatchReachesTheEndpointAndItsSignatureVerifies(_ database: TestDatabase) async throws {
        try await WebhookReceiver.with { receiver in
            try await TestServer.with(database, adjust: allowingPrivateURLs) { server in
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                try await settle(server, app, count: 1)
                let (webhook, secret) = try await create(server, app, url: receiver.url)
                #expect(secret.hasPrefix("whsec_"))
                let listed = try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks")
                #expect(listed.text.contains(webhook) && !listed.text.contains(secret), "the secret is shown once")

                try await impression(server, app, campaign: campaign, user: "ada", types: [1, 2])
                try await deliver(server) { !receiver.received.isEmpty }
                let delivery = try #require(receiver.received.first)
                let firstTypes = try batches(receiver).first?.events.map(\.type)
                #expect(firstTypes == ["impression", "click"], "events from the endpoint's creation on: not the campaign made before it")

                let signature = try #require(delivery.headers.first(name: "Marquee-Signature"))
                let parts = Dictionary(uniqueKeysWithValues: signature.split(separator: ",").map {
                    let pair = $0.split(separator: "=", maxSplits: 1)
                    return (String(pair[0]), String(pair[1]))
                })
                let t = try #require(parts["t"])
                let expected = HMAC<SHA256>.authenticationCode(for: Data("\(t).".utf8) + delivery.body,
                                                               using: SymmetricKey(data: Data(secret.utf8)))
                #expect(parts["v1"] == Data(expected).map { String(format: "%02x", $0) }.joined(), "the signature verifies")
                #expect(Int64(t) == Int64(server.clock.now().timeIntervalSince1970))
                let deliveryID = try #require(delivery.headers.first(name: "Marquee-Delivery"))

                let log = try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries")
                let items = try #require(log.json["items"] as? [[String: Any]])
                #expect(items.count == 1 && items[0]["id"] as? String == deliveryID && items[0]["state"] as? String == "delivered")
                #expect((items[0]["attempts"] as? [[String: Any]])?.first?["status"] as? Int == 200)

                // A redelivery sends the same events again, as a delivery of its own.
                let again = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries/\(deliveryID)/redeliver")
                #expect(again.status == .accepted, "\(again.text)")
                try await deliver(server) { receiver.received.count == 2 }
                #expect(receiver.received.count == 2 && receiver.received[1].body == delivery.body)
                #expect(receiver.received[1].headers.first(name: "Marquee-Delivery") != deliveryID)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aReceiverThatWasDownGetsEveryEventOnceInOrderWhenItIsBack(_ database: TestDatabase) async throws {
        try await WebhookReceiver.with { receiver in
            try await TestServer.with(database, adjust: allowingPrivateURLs) { server in
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                try await settle(server, app, count: 1)
                let (webhook, _) = try await create(server, app, url: receiver.url)
                receiver.answer(.serviceUnavailable)
                for user in 0..<5 { try await impression(server, app, campaign: campaign, user: "u\(user)") }
                try await deliver(server) { receiver.received.count >= 1 }
                // Retried after its backoff, not before: the clock has not moved.
                try await server.app.marquee.webhooks.round()
                #expect(receiver.received.count == 1)
                server.clock.advance(by: 2)
                try await deliver(server) { receiver.received.count >= 2 }
                let log = try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries")
                let attempts = (log.json["items"] as? [[String: Any]])?.first?["attempts"] as? [[String: Any]] ?? []
                #expect(attempts.count == 2 && attempts.allSatisfy { $0["status"] as? Int == 503 })
                let listed = try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)")
                #expect(listed.json["failingSince"] != nil)

                receiver.answer(.ok)
                for user in 5..<8 { try await impression(server, app, campaign: campaign, user: "u\(user)") }
                server.clock.advance(by: 3_600)
                try await deliver(server) { Set((try? batches(receiver))?.flatMap(\.events).map(\.id) ?? []).count == 8 }
                let delivered = try batches(receiver).dropFirst(2).flatMap(\.events)
                #expect(delivered.count == 8 && Set(delivered.map(\.id)).count == 8, "every event, none twice once delivered")
                let cursors = delivered.compactMap { EventCursor($0.cursor) }
                #expect(cursors == cursors.sorted(), "in log order")
                #expect(delivered.compactMap(\.userId) == (0..<8).map { "u\($0)" })
                #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)").json["failingSince"] == nil)
            }
        }
    }

    @Test
    func anEndpointFailingForADayIsDisabledAuditedAndResumable() async throws {
        try await WebhookReceiver.with { receiver in
            try await TestServer.with(adjust: allowingPrivateURLs) { server in
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                let (webhook, _) = try await create(server, app, url: receiver.url)
                receiver.answer(.internalServerError)
                try await impression(server, app, campaign: campaign, user: "ada")
                for _ in 0..<60 {
                    try await server.app.marquee.webhooks.round()
                    server.clock.advance(by: 1_800)
                }
                let endpoint = try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)")
                #expect(endpoint.json["status"] as? String == "disabled")
                let tried = receiver.received.count
                #expect(tried >= 48 && tried <= 50, "retried about every 30 minutes for a day: \(tried)")
                try await server.app.marquee.webhooks.round()
                #expect(receiver.received.count == tried, "a disabled endpoint is not sent to")
                let audit = try await server.send(.GET, "/api/v1/audit?appID=\(app.id)")
                let entries = audit.json["items"] as? [[String: Any]] ?? []
                #expect(entries.contains { ($0["actor"] as? [String: Any])?["kind"] as? String == "server"
                    && ($0["path"] as? String)?.hasSuffix("/webhooks/\(webhook)") == true })

                receiver.answer(.ok)
                let resumed = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/webhooks/\(webhook)", json: ["status": "active"])
                #expect(resumed.status == .ok && resumed.json["status"] as? String == "active", "\(resumed.text)")
                try await server.app.marquee.webhooks.round()
                #expect(receiver.received.count == tried + 1, "resumed, the waiting delivery goes at once")
            }
        }
    }

    @Test
    func typesPausesAndPrivateAddressesAreTheTeamsToSet() async throws {
        try await WebhookReceiver.with { receiver in
            try await TestServer.with { server in
                let app = try await server.createApp()
                for url in ["http://127.0.0.1:9/hook", "http://169.254.169.254/latest", "http://[::1]/x", "http://10.1.2.3/",
                            "ftp://example.com/", "not a url"] {
                    let refused = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks", json: ["url": url])
                    #expect(refused.status == .unprocessableEntity && refused.errorFields == ["url"], "\(url): \(refused.text)")
                }
                let badType = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks",
                                                    json: NewWebhook(url: "https://example.com/", types: ["nope"]))
                #expect(badType.status == .unprocessableEntity && badType.errorFields == ["types"])
                _ = try await server.createAccount("ed@example.com", role: "editor")
                let editor = try await server.signIn("ed@example.com")
                #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks", session: editor).status == .forbidden)
            }
            try await TestServer.with(adjust: allowingPrivateURLs) { server in
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                let (webhook, _) = try await create(server, app, url: receiver.url, types: ["click"])
                let paused = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/webhooks/\(webhook)", json: ["status": "paused"])
                #expect(paused.json["status"] as? String == "paused")
                try await impression(server, app, campaign: campaign, user: "ada", types: [1, 2, 1])
                try await server.app.marquee.webhooks.round()
                #expect(receiver.received.isEmpty, "paused")
                _ = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/webhooks/\(webhook)", json: ["status": "active"])
                try await deliver(server) { !receiver.received.isEmpty }
                #expect(try batches(receiver).flatMap(\.events).map(\.type) == ["click"], "only the types it takes")
                let rotated = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/secret")
                #expect((rotated.json["secret"] as? String)?.hasPrefix("whsec_") == true)
                #expect(try await server.send(.DELETE, "/api/v1/apps/\(app.id)/webhooks/\(webhook)").status == .noContent)
                #expect((try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks").json["items"] as? [Any])?.isEmpty == true)
            }
        }
    }
}
