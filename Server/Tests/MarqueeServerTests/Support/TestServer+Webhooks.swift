import Foundation
import MarqueeWire
@testable import MarqueeServer
import Testing

extension TestServer {
    private struct NewWebhook: Encodable {
        var url: String
        var types: [String]
    }

    /// Makes a webhook endpoint through the admin API; returns its id.
    @discardableResult
    func createWebhook(in app: Fixtures.CreatedApp, url: String, types: [String] = []) async throws -> String {
        let response = try await send(.POST, "/api/v1/apps/\(app.id)/webhooks", json: NewWebhook(url: url, types: types))
        guard response.status == .created, let id = response.json["id"] as? String else {
            throw TestFailure("create webhook \(url): \(response.status) \(response.text)")
        }
        return id
    }

    /// Posts one display's impressions (1: seen, 2: clicked) from `user` on `device-<user>`, as an SDK does.
    func postImpression(in app: Fixtures.CreatedApp, campaign: String, user: String, types: [Int] = [1], batch: String? = nil) async throws {
        let body = ImpressionBody(campaignId: campaign, impressions: types.map { .init(type: $0, timestamp: 1_790_000_000_000) },
                                  userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: batch ?? "\(user)-\(types)")
        let response = try await send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                      deviceID: "device-\(user)", json: body)
        guard response.status == .ok else { throw TestFailure("impression: \(response.status) \(response.text)") }
    }

    /// Rounds of the webhook dispatcher until `done` holds.
    func deliverWebhooks(until done: () -> Bool) async throws {
        try await untilTheLog(shows: "the deliveries awaited") {
            if done() { return true }
            try await app.marquee.webhooks.round()
            return done()
        }
    }
}

/// Waits until `condition` holds, polling; fails loudly, naming `what`, once `seconds` pass.
func within(seconds: Int, _ what: @autoclosure () -> String, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw TestFailure("not within \(seconds) s: \(what())") }
        try await Task.sleep(for: .milliseconds(20))
    }
}
