import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// The SDK's inbox against a stub server: capability negotiation, resync, pages, tracking and consent.
@Suite struct InboxClientTests {
    static let endpoints = InboxEndpoints(sync: "https://marquee.test/v1/inbox/sync", update: "https://marquee.test/v1/inbox/update",
                                          track: "https://marquee.test/v1/inbox/track")

    struct SignedUser: SignedUserInfoProvider {
        var userID: String?
        var userSignature: String?
        var idTrackingIdentifier: String? { nil }
        var accessToken: String? { nil }
    }

    static func pingOfferingInbox() -> Data {
        let response = PingResponse(currentPingMillis: 1_800_000_000_000, nextPingMillis: 3_600_000, data: [],
                                    marquee: PingExtension(frequencyCaps: [], inbox: endpoints))
        return try! MarqueeJSON.encoder().encode(response)
    }

    static func message(_ id: String, read: Bool = false) -> InboxMessage {
        InboxMessage(id: id, content: InboxContent(title: "Title \(id)", body: ""),
                     deliveredAt: Date(timeIntervalSince1970: 1_800_000_000), isRead: read)
    }

    static func page(_ messages: [InboxMessage], removed: [String] = [], token: String, more: Bool = false,
                     full: Bool = false) -> StubTransport.Reply {
        let response = InboxSyncResponse(messages: messages, removedIDs: removed, syncToken: token, hasMore: more,
                                         fullSync: full, unreadCount: messages.filter { !$0.isRead }.count)
        return .status(200, try! MarqueeJSON.encoder().encode(response))
    }

    static func syncBodies(_ server: StubTransport) -> [InboxSyncRequest] {
        server.requests(to: "sync").compactMap { $0.body }.compactMap { try? MarqueeJSON.decoder().decode(InboxSyncRequest.self, from: $0) }
    }

    private func harness(user: any UserInfoProvider = SignedUser(userID: "ada", userSignature: "abc123")) async -> Harness {
        let harness = Harness()
        harness.server.set("ping", .status(200, Self.pingOfferingInbox()))
        harness.sdk.registerPreference(user)
        await harness.start()
        return harness
    }

    @Test func declaresTheCapabilityAndFollowsPagesThenSyncsIncrementally() async throws {
        let harness = await harness()
        let ping = try #require(harness.server.requests(to: "ping").first?.body)
        #expect(try MarqueeJSON.decoder().decode(PingRequest.self, from: ping).marqueeCapabilities?.contains(.inbox) == true)

        harness.server.queue("sync", Self.page([Self.message("a")], token: "t1", more: true, full: true))
        harness.server.queue("sync", Self.page([Self.message("b")], token: "t2"))
        #expect(try await harness.sdk.inbox.refresh().map(\.id).sorted() == ["a", "b"])
        harness.server.queue("sync", Self.page([Self.message("a", read: true)], removed: ["b"], token: "t3"))
        #expect(try await harness.sdk.inbox.refresh().map(\.id) == ["a"])
        #expect(await harness.sdk.inbox.unreadCount() == 0)

        #expect(Self.syncBodies(harness.server).map(\.syncToken) == [nil, "t1", "t2"])
        let headers = harness.server.requests(to: "sync").map { $0.headers["Marquee-User-Signature"] }
        #expect(headers == ["abc123", "abc123", "abc123"], "the host app's signature goes with every request")
    }

    @Test func aRefusedTokenStartsAFullResync() async throws {
        let harness = await harness()
        harness.server.queue("sync", Self.page([Self.message("a"), Self.message("b")], token: "t1", full: true))
        _ = try await harness.sdk.inbox.refresh()
        let gone = Data(#"{"error":{"code":"inbox_resync_required","message":"sync again"}}"#.utf8)
        harness.server.queue("sync", .status(410, gone))
        harness.server.queue("sync", Self.page([Self.message("c")], token: "fresh", full: true))
        #expect(try await harness.sdk.inbox.refresh().map(\.id) == ["c"], "the old list is replaced, not merged")
        #expect(Self.syncBodies(harness.server).map(\.syncToken) == [nil, "t1", nil])
    }

    @Test func errorsAreTyped() async throws {
        let harness = await harness()
        harness.server.queue("sync", .status(401, Data(#"{"error":{"code":"identity_not_verified","message":"no"}}"#.utf8)))
        await #expect(throws: InboxError.identityNotVerified) { try await harness.sdk.inbox.refresh() }
        harness.server.queue("sync", .status(500, Data()))
        await #expect(throws: InboxError.httpStatus(500)) { try await harness.sdk.inbox.refresh() }
        harness.sdk.registerPreference(TestUser(userID: nil))
        let before = harness.server.requests(to: "sync").count
        await #expect(throws: InboxError.requiresIdentity) { try await harness.sdk.inbox.refresh() }
        #expect(harness.server.requests(to: "sync").count == before, "no request for the anonymous user")
    }

    @Test func opensAreRetriedThroughTheOutboxAndDroppedWhenConsentIsRefused() async throws {
        let harness = await harness()
        harness.server.queue("sync", Self.page([Self.message("a")], token: "t1", full: true))
        _ = try await harness.sdk.inbox.refresh()
        harness.server.set("track", .failure)
        #expect(await harness.sdk.inbox.trackOpened("a"))
        #expect(await harness.sdk.inbox.trackOpened("unknown") == false, "not in the inbox")
        await harness.sdk.waitUntilIdle()
        #expect(harness.server.requests(to: "track").count == 1)
        #expect(await harness.sdk.core.outbox.items.count == 1, "kept for a retry")

        harness.server.set("track", .status(200, Data(#"{"stored":1}"#.utf8)))
        await harness.advance(3_600)
        let sent = harness.server.requests(to: "track")
        #expect(sent.count == 2)
        let body = try MarqueeJSON.decoder().decode(InboxTrackRequest.self, from: try #require(sent.last?.body))
        #expect(body.events.map(\.interaction) == [.opened] && body.consent == .notRequired)
        #expect(sent.last?.headers["Marquee-User-Signature"] == "abc123")
        #expect(await harness.sdk.core.outbox.items.isEmpty)

        harness.server.set("track", .failure)
        #expect(await harness.sdk.inbox.trackClicked("a", action: InboxAction(.browser, url: "https://example.com")))
        await harness.sdk.waitUntilIdle()
        await harness.sdk.inbox.setTrackingConsent(.denied)
        #expect(await harness.sdk.core.outbox.items.isEmpty, "a refusal drops what was not sent")
        #expect(await harness.sdk.inbox.trackOpened("a") == false)
    }

    @Test func aRefusedConsentHoldsAcrossLaunches() async throws {
        let first = await harness()
        first.server.queue("sync", Self.page([Self.message("a")], token: "t1", full: true))
        _ = try await first.sdk.inbox.refresh()
        await first.sdk.inbox.setTrackingConsent(.denied)

        // The next launch, on the same storage, before the app says anything about consent.
        let second = Harness(directory: first.directory)
        second.server.set("ping", .status(200, Self.pingOfferingInbox()))
        second.sdk.registerPreference(SignedUser(userID: "ada", userSignature: "abc123"))
        await second.start()
        second.server.queue("sync", Self.page([Self.message("a")], token: "t2", full: true))
        _ = try await second.sdk.inbox.refresh()
        #expect(await second.sdk.inbox.trackOpened("a") == false, "the refusal is remembered")
        await second.sdk.inbox.setTrackingConsent(.granted)
        #expect(await second.sdk.inbox.trackOpened("a"))
    }

    @Test func anOutboxSavedBeforeInboxTrackingStillLoads() throws {
        let legacy = #"""
        {"items":[{"identityKey":"u:ada|t:","attempts":2,"notBefore":"2027-01-15T08:00:00Z",
          "request":{"campaignId":"c1","isTest":false,"appVersion":"1","sdkVersion":"1","impressions":[{"type":1,"timestamp":1}],
                     "userIdentifiers":[],"batchId":"b1"}}]}
        """#
        let outbox = try MarqueeJSON.decoder().decode(Outbox.self, from: Data(legacy.utf8))
        #expect(outbox.items.map(\.batchID) == ["b1"])
        #expect(outbox.items.first?.attempts == 2)
        let again = try MarqueeJSON.decoder().decode(Outbox.self, from: try MarqueeJSON.encoder().encode(outbox))
        #expect(again == outbox)
    }
}
