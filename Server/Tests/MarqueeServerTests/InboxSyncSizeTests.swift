import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// What an incremental sync saves: after 10 new messages in an inbox of 10,000, the incremental
/// sync transfers at most 2 % of the bytes of a full sync, plain and gzipped (the SDK's
/// `URLSession` accepts gzip). Bytes are deterministic, so the ratio is asserted exactly.
// Serialized: each test runs a server with its own PostgreSQL pool, and CI's PostgreSQL allows 100 connections.
@Suite("App Inbox sync size", .serialized)
struct InboxSyncSizeTests {
    static let inboxSize = 10_000

    /// A realistic message: a title, a body of two sentences, an image on half, a deep link, a
    /// button on a third, custom data on a quarter.
    static func content(_ index: Int) -> InboxContent {
        let topics = ["Your order #%d has shipped", "Spring sale: item %d is 30%% off", "Your invoice %d is ready",
                      "New reply in thread %d", "Reminder: appointment %d tomorrow"]
        return InboxContent(
            title: String(format: topics[index % topics.count], 10_000 + index),
            body: "Good news: everything about item \(index) is ready for you. Open the app to see the details, "
                + "change your preferences or get in touch with our team; we answer within a day.",
            imageURL: index % 2 == 0 ? "https://cdn.example.com/inbox/\(index)/hero.png" : nil,
            mainAction: InboxAction(.deepLink, url: "myapp://inbox/\(index)"),
            buttons: index % 3 == 0 ? [InboxButton(title: "Track", action: InboxAction(.browser, url: "https://example.com/track/\(index)"))] : [],
            customData: index % 4 == 0 ? ["category": .string("orders"), "priority": .number(Double(index % 3))] : [:])
    }

    /// One sync page, as the SDK asks for it (no `limit`: the server's default page), plain and gzipped.
    struct Page {
        var response: InboxSyncResponse
        var plainBytes: Int
        var gzipBytes: Int
    }

    static func page(_ server: TestServer, _ app: Fixtures.CreatedApp, token: String?) async throws -> Page {
        let body = InboxSyncRequest(userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: "ada")), syncToken: token)
        let plain = try await server.send(.POST, "/v1/inbox/sync", token: nil, subscription: app.subscriptionID,
                                          deviceID: "device-1", json: body)
        guard plain.status == .ok else { throw TestFailure("sync: \(plain.status) \(plain.text)") }
        // The same request again with gzip: nothing changes in between (the clock stands still).
        let gzipped = try await server.send(.POST, "/v1/inbox/sync", token: nil, subscription: app.subscriptionID,
                                            deviceID: "device-1", headers: [("Accept-Encoding", "gzip")], json: body)
        guard gzipped.status == .ok else { throw TestFailure("sync (gzip): \(gzipped.status) \(gzipped.text)") }
        let gzipBytes = gzipped.headers.first(name: "Content-Encoding") == "gzip" ? gzipped.body.count : plain.body.count
        return Page(response: try plain.decode(InboxSyncResponse.self), plainBytes: plain.body.count, gzipBytes: gzipBytes)
    }

    /// On SQLite in memory only: the bytes of a sync do not depend on the database (the same rows
    /// become the same JSON), and 10,000 sends on every database would weigh on the whole suite.
    /// PostgreSQL's side of syncs is covered by `InboxAPITests`; `scripts/bench-inbox` measures both.
    @Test func incrementalSyncAfterTenNewMessagesCostsAtMostTwoPercentOfAFullSync() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            // Setup through the store that the admin API calls (10,000 requests would only add HTTP).
            let store = InboxStore(database: server.app.db, clock: server.clock, tracking: server.app.marquee.inboxTracking)
            for index in 0..<Self.inboxSize {
                _ = try await store.send(InboxDelivery(content: Self.content(index), userIDs: ["ada"], deliverAt: nil,
                                                       expiresAt: index % 5 == 0 ? server.clock.now().addingTimeInterval(90 * 86_400) : nil,
                                                       source: .api), appID: app.id)
            }

            var full: [Page] = []
            var token: String?
            repeat {
                let page = try await Self.page(server, app, token: token)
                full.append(page)
                token = page.response.syncToken
            } while full.last?.response.hasMore == true && full.count < 1_000
            let fullIDs = Set(full.flatMap { $0.response.messages.map(\.id) })
            #expect(fullIDs.count == Self.inboxSize)
            #expect(full.count == Self.inboxSize / InboxStore.defaultPageSize)

            server.clock.advance(by: 3_600)
            var added: Set<String> = []
            for index in Self.inboxSize..<(Self.inboxSize + 10) {
                // Through the admin API, as messages the same size as the others.
                let message = try JSONSerialization.jsonObject(with: try MarqueeJSON.encoder().encode(Self.content(index)))
                added.insert(try await server.sendInbox(app, to: ["ada"], extra: ["message": message]))
            }
            let incremental = try await Self.page(server, app, token: token)
            #expect(Set(incremental.response.messages.map(\.id)) == added)
            #expect(incremental.response.removedIDs.isEmpty && !incremental.response.hasMore)

            let fullPlain = full.map(\.plainBytes).reduce(0, +), fullGzip = full.map(\.gzipBytes).reduce(0, +)
            #expect(Double(incremental.plainBytes) <= 0.02 * Double(fullPlain),
                    "incremental \(incremental.plainBytes) bytes of a \(fullPlain)-byte full sync")
            #expect(Double(incremental.gzipBytes) <= 0.02 * Double(fullGzip),
                    "incremental \(incremental.gzipBytes) gzipped bytes of a \(fullGzip)-byte full sync")
        }
    }
}
