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
        #expect(try await harness.sdk.inbox.fetch().map(\.id).sorted() == ["a", "b"])
        harness.server.queue("sync", Self.page([Self.message("a", read: true)], removed: ["b"], token: "t3"))
        #expect(try await harness.sdk.inbox.fetch().map(\.id) == ["a"])
        #expect(await harness.sdk.inbox.unreadCount == 0)

        #expect(Self.syncBodies(harness.server).map(\.syncToken) == [nil, "t1", "t2"])
        let headers = harness.server.requests(to: "sync").map { $0.headers["Marquee-User-Signature"] }
        #expect(headers == ["abc123", "abc123", "abc123"], "the host app's signature goes with every request")
    }

    @Test func aRefusedTokenStartsAFullResync() async throws {
        let harness = await harness()
        harness.server.queue("sync", Self.page([Self.message("a"), Self.message("b")], token: "t1", full: true))
        _ = try await harness.sdk.inbox.fetch()
        let gone = Data(#"{"error":{"code":"inbox_resync_required","message":"sync again"}}"#.utf8)
        harness.server.queue("sync", .status(410, gone))
        harness.server.queue("sync", Self.page([Self.message("c")], token: "fresh", full: true))
        #expect(try await harness.sdk.inbox.fetch().map(\.id) == ["c"], "the old list is replaced, not merged")
        #expect(Self.syncBodies(harness.server).map(\.syncToken) == [nil, "t1", nil])
    }

    @Test func errorsAreTyped() async throws {
        let harness = await harness()
        harness.server.queue("sync", .status(401, Data(#"{"error":{"code":"identity_not_verified","message":"no"}}"#.utf8)))
        await #expect(throws: InboxError.identityNotVerified) { try await harness.sdk.inbox.fetch() }
        harness.server.queue("sync", .status(500, Data()))
        await #expect(throws: InboxError.httpStatus(500)) { try await harness.sdk.inbox.fetch() }
        harness.sdk.registerPreference(TestUser(userID: nil))
        let before = harness.server.requests(to: "sync").count
        await #expect(throws: InboxError.requiresIdentity) { try await harness.sdk.inbox.fetch() }
        #expect(harness.server.requests(to: "sync").count == before, "no request for the anonymous user")
    }

    @Test func opensAreRetriedThroughTheOutboxAndDroppedWhenConsentIsRefused() async throws {
        let harness = await harness()
        harness.server.queue("sync", Self.page([Self.message("a")], token: "t1", full: true))
        _ = try await harness.sdk.inbox.fetch()
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
        #expect(await harness.sdk.inbox.trackClick(InboxAction(.browser, url: "https://example.com"), on: "a"))
        await harness.sdk.waitUntilIdle()
        harness.sdk.trackingConsent = .denied
        await harness.sdk.waitUntilIdle()
        #expect(await harness.sdk.core.outbox.items.isEmpty, "a refusal drops what was not sent")
        #expect(await harness.sdk.inbox.trackOpened("a") == false)
    }

    @Test func aRefusedConsentHoldsAcrossLaunches() async throws {
        let first = await harness()
        first.server.queue("sync", Self.page([Self.message("a")], token: "t1", full: true))
        _ = try await first.sdk.inbox.fetch()
        first.sdk.trackingConsent = .denied
        await first.sdk.waitUntilIdle()

        // The next launch, on the same storage, before the app says anything about consent.
        let second = Harness(directory: first.directory)
        second.server.set("ping", .status(200, Self.pingOfferingInbox()))
        second.sdk.registerPreference(SignedUser(userID: "ada", userSignature: "abc123"))
        await second.start()
        second.server.queue("sync", Self.page([Self.message("a")], token: "t2", full: true))
        _ = try await second.sdk.inbox.fetch()
        #expect(second.sdk.trackingConsent == .denied, "read back at launch")
        #expect(await second.sdk.inbox.trackOpened("a") == false, "the refusal is remembered")
        second.sdk.trackingConsent = .granted
        #expect(await second.sdk.inbox.trackOpened("a"))
    }

    static func trackBodies(_ server: StubTransport) -> [InboxTrackRequest] {
        server.requests(to: "track").compactMap { $0.body }.compactMap { try? MarqueeJSON.decoder().decode(InboxTrackRequest.self, from: $0) }
    }

    @Test func theWithoutConsentVariantsTrackUnderRefusalAndSayWhy() async throws {
        let harness = await harness()
        harness.server.queue("sync", Self.page([Self.message("a")], token: "t1", full: true))
        _ = try await harness.sdk.inbox.fetch()
        harness.sdk.trackingConsent = .denied
        let action = InboxAction(.browser, url: "https://example.com/sale")
        #expect(await harness.sdk.inbox.trackOpened("a") == false)
        #expect(await harness.sdk.inbox.trackClick(action, on: "a") == false)
        #expect(await harness.sdk.inbox.trackOpenedWithoutTrackingConsent("unknown") == false, "not in the inbox")
        harness.server.set("track", .status(200, Data(#"{"stored":1}"#.utf8)))
        #expect(await harness.sdk.inbox.trackOpenedWithoutTrackingConsent("a"))
        #expect(await harness.sdk.inbox.trackClickWithoutTrackingConsent(action, on: "a"))
        await harness.sdk.waitUntilIdle()

        let sent = Self.trackBodies(harness.server)
        #expect(sent.map(\.consent) == [.denied, .denied], "the user's refusal travels as it is")
        #expect(sent.flatMap(\.events).map(\.interaction) == [.opened, .clicked])
        #expect(sent.flatMap(\.events).map(\.withoutTrackingConsent) == [true, true])
        #expect(sent.flatMap(\.events).last?.url == "https://example.com/sale")
    }

    @Test func aRefusalKeepsWhatWasTrackedWithoutConsent() async throws {
        let harness = await harness()
        harness.server.queue("sync", Self.page([Self.message("a")], token: "t1", full: true))
        _ = try await harness.sdk.inbox.fetch()
        harness.server.set("track", .failure)
        #expect(await harness.sdk.inbox.trackOpened("a"))
        #expect(await harness.sdk.inbox.trackClickWithoutTrackingConsent(InboxAction(.openApp), on: "a"))
        await harness.sdk.waitUntilIdle()
        #expect(await harness.sdk.core.outbox.items.count == 2)

        harness.sdk.trackingConsent = .denied
        await harness.sdk.waitUntilIdle()
        let left = await harness.sdk.core.outbox.items.compactMap { item -> InboxTrackRequest? in
            if case .inboxTracking(let request) = item.payload { request } else { nil }
        }
        #expect(left.flatMap(\.events).map(\.interaction) == [.clicked], "only the open tracked under consent is dropped")
    }

    @Test func aMessageIsServedFromTheDeviceOnceFetched() async throws {
        let harness = await harness()
        harness.server.queue("sync", Self.page([Self.message("a"), Self.message("b")], token: "t1", full: true))
        #expect(try await harness.sdk.inbox.message(id: "b")?.content.title == "Title b", "the first call fetches")
        #expect(harness.server.requests(to: "sync").count == 1)
        #expect(try await harness.sdk.inbox.message(id: "a")?.id == "a")
        #expect(try await harness.sdk.inbox.message(id: "zzz") == nil)
        #expect(harness.server.requests(to: "sync").count == 1, "no request once the inbox is on the device")

        harness.sdk.registerPreference(TestUser(userID: nil))
        await #expect(throws: InboxError.requiresIdentity) { try await harness.sdk.inbox.message(id: "a") }
    }

    // A change that is never published would leave `next()` waiting: fail instead of hanging.
    @Test(.timeLimit(.minutes(1))) func everyReaderOfChangesHearsEachLocalChange() async throws {
        let harness = await harness()
        let inbox = harness.sdk.inbox
        var first = inbox.changes.makeAsyncIterator()
        var second = inbox.changes.makeAsyncIterator()
        #expect(await first.next() == InboxSnapshot(messages: []), "each stream starts with the inbox as it is")
        #expect(await second.next() == InboxSnapshot(messages: []))

        harness.server.queue("sync", Self.page([Self.message("a"), Self.message("b")], token: "t1", full: true))
        _ = try await inbox.fetch()
        #expect(await first.next()?.unreadCount == 2, "a sync")
        #expect(await second.next()?.messages.count == 2, "every reader hears it")

        harness.server.set("update", .status(200, Data(#"{"changed":1}"#.utf8)))
        try await inbox.markRead(["a"])
        #expect(await first.next()?.unreadCount == 1, "a read mark")
        #expect(harness.server.requests(to: "track").isEmpty, "marking read tracks no open")
        try await inbox.delete(["b"])
        #expect(await first.next()?.messages.map(\.id) == ["a"], "a delete")

        harness.sdk.registerPreference(TestUser(userID: "bob"))
        #expect(await first.next() == InboxSnapshot(messages: []), "another user sees none of Ada's messages")
        #expect(await second.next() == InboxSnapshot(messages: []), "a slow reader gets the latest snapshot")
    }

    @Test func aReaderThatStopsIsForgotten() async throws {
        let harness = await harness()
        let stream = harness.sdk.inbox.changes
        let reader = Task { for await _ in stream {} }
        await harness.sdk.waitUntilIdle()
        #expect(await harness.sdk.core.inboxReaders.count == 1)
        reader.cancel()
        await reader.value
        await harness.sdk.waitUntilIdle()
        #expect(await harness.sdk.core.inboxReaders.isEmpty)
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
