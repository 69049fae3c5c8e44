import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

@Suite struct SyncTests {
    @Test func configAndPingRequestsFollowTheProtocol() async throws {
        let harness = Harness()
        harness.sdk.registerPreference(TestUser(userID: "u1", accessToken: "tok"))

        await harness.start()

        let config = try #require(harness.server.requests(to: "config").first)
        let query = URLComponents(url: config.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(config.method == "GET")
        #expect(query.first { $0.name == "appId" }?.value == "com.example.app")
        #expect(query.first { $0.name == "locale" }?.value == "en-jp")
        #expect(query.first { $0.name == "appVersion" }?.value == "2.1.0")
        #expect(config.headers["Subscription-Id"] == "sub-1")
        #expect(config.headers["device_id"] == "device-1")
        let ping = try #require(harness.server.requests(to: "ping").first)
        #expect(ping.headers["Authorization"] == "OAuth2 tok")
        let body = try JSONDecoder().decode(PingRequest.self, from: try #require(ping.body))
        #expect(body.marqueeCapabilities == Capability.all)
        #expect(body.locale == "en-jp")
        #expect(body.platform != nil)
        #expect(body.userIdentifiers == [UserIdentifierDTO(id: "u1", type: .userID)])
    }

    @Test func pingsAgainAfterNextPingMillis() async {
        let harness = Harness()
        harness.server.set("ping", .status(200, Fixture.ping([], nextPingMillis: 60_000)))
        await harness.start()

        await harness.advance(59)
        let early = harness.server.requests(to: "ping").count
        await harness.advance(1)

        #expect(early == 1)
        #expect(harness.server.requests(to: "ping").count == 2)
    }

    @Test func serverErrorsAndTransportFailuresBackOffAndRetry() async {
        let harness = Harness()
        harness.server.queue("ping", .status(503, Data()))
        harness.server.queue("ping", .failure)
        harness.server.queue("ping", .status(429, Data()))
        await harness.start()

        await harness.advance(10)   // first retry: 10 s
        await harness.advance(20)   // second: 20 s
        await harness.advance(39)
        let beforeThird = harness.server.requests(to: "ping").count
        await harness.advance(1)    // third: 40 s

        #expect(beforeThird == 3)
        #expect(harness.server.requests(to: "ping").count == 4)
        #expect(harness.errors.errors.contains(.httpStatus(endpoint: "ping", status: 503)))
    }

    @Test func backoffDoublesWithJitterUpToTheMaximum() {
        let backoff = Backoff(initial: 10, maximum: 100, jitter: 0.5)

        #expect(backoff.delay(attempt: 0, unit: 0) == 10)
        #expect(backoff.delay(attempt: 1, unit: 0) == 20)
        #expect(backoff.delay(attempt: 1, unit: 0.5) == 25)
        #expect(backoff.delay(attempt: 10, unit: 0.9) == 100)
    }

    @Test func aBadCampaignIsSkippedAndReportedAndTheRestKept() async throws {
        let good = Fixture.campaign("good")
        var json = try JSONSerialization.jsonObject(with: Fixture.ping([good, Fixture.campaign("bad")])) as! [String: Any]
        var data = json["data"] as! [[String: Any]]
        var bad = data[1]["campaignData"] as! [String: Any]
        bad["type"] = 9
        bad["marquee"] = nil
        data[1]["campaignData"] = bad
        json["data"] = data
        let harness = Harness()
        harness.server.set("ping", .status(200, try JSONSerialization.data(withJSONObject: json)))

        await harness.start()

        #expect(await harness.sdk.state().campaigns.map(\.id) == ["good"])
        #expect(harness.errors.errors.contains { if case .campaignSkipped = $0 { true } else { false } })
    }

    @Test func anUnreadableResponseDoesNotStopPolling() async {
        let harness = Harness()
        harness.server.queue("ping", .status(200, Data("{not json".utf8)))
        await harness.start()

        await harness.advance(3600)

        #expect(harness.server.requests(to: "ping").count == 2)
    }

    @Test func rolloutZeroDisablesTheSDK() async {
        let harness = Harness(campaigns: [Fixture.campaign("a")])
        harness.server.set("config", .status(200, Fixture.config(rollout: 0)))

        await harness.start()

        #expect(harness.server.requests(to: "ping").isEmpty)
        #expect(harness.errors.errors.contains(.disabledByRollout))
    }

    @Test func identityChangeLoadsThatUsersBucketAndPings() async throws {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)], maxImpressions: 3)])
        let presenter = await RecordingPresenter()
        await MainActor.run { harness.sdk.register(presenter: presenter) }
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        await presenter.finish(PresentationResult(.userDismissed))
        await harness.sdk.waitUntilIdle()

        harness.sdk.registerPreference(TestUser(userID: "u2"))
        await harness.sdk.waitUntilIdle()

        let lastPing = try #require(harness.server.requests(to: "ping").last?.body)
        #expect(try JSONDecoder().decode(PingRequest.self, from: lastPing).userIdentifiers.map(\.id) == ["u2"])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "a" }?.impressionsLeft == 3, "the new user has all impressions")
        harness.sdk.registerPreference(TestUser())
        await harness.sdk.waitUntilIdle()
        #expect(await harness.sdk.state().campaigns.first { $0.id == "a" }?.impressionsLeft == 2, "the anonymous bucket kept its count")
    }

    @Test func anAccessTokenNeedsAUserIDAndNoTrackingIdentifier() async throws {
        let harness = Harness()
        harness.sdk.registerPreference(TestUser(idTrackingIdentifier: "t1", accessToken: "tok"))

        await harness.start()

        let ping = try #require(harness.server.requests(to: "ping").first)
        #expect(ping.headers["Authorization"] == nil)
        #expect(harness.errors.errors.contains { if case .invalidUserInfo = $0 { true } else { false } })
    }
}

@Suite struct StorageTests {
    @Test func aChangedMaxImpressionsAddsTheDifferenceClampedAtZero() {
        var bucket = UserBucket(identityKey: "anonymous")
        let three = Fixture.campaign("c", maxImpressions: 3)
        bucket.adopt([three], caps: [], pingMillis: 0, now: Date())
        bucket.recordDisplay(of: three, at: Date())
        bucket.recordDisplay(of: three, at: Date())

        bucket.adopt([Fixture.campaign("c", maxImpressions: 6)], caps: [], pingMillis: 0, now: Date())
        let raised = bucket.impressions["c"]?.left
        bucket.adopt([Fixture.campaign("c", maxImpressions: 1)], caps: [], pingMillis: 0, now: Date())

        #expect(raised == 4)
        #expect(bucket.impressions["c"]?.left == 0)
    }

    @Test func infiniteImpressionsNeverRunOutAndTestCampaignsGetOnePerSync() {
        var bucket = UserBucket(identityKey: "anonymous")
        var infinite = Fixture.campaign("i", maxImpressions: 1)
        infinite.delivery.infiniteImpressions = true
        let test = Fixture.campaign("t", maxImpressions: 5, isTest: true)
        bucket.adopt([infinite, test], caps: [], pingMillis: 0, now: Date())

        for _ in 0..<3 { bucket.recordDisplay(of: infinite, at: Date()) }
        bucket.recordDisplay(of: test, at: Date())

        #expect(bucket.isEligible(infinite, now: Date()))
        #expect(!bucket.isEligible(test, now: Date()))
        bucket.adopt([infinite, test], caps: [], pingMillis: 0, now: Date())
        #expect(bucket.isEligible(test, now: Date()))
    }

    @Test func aSavedBucketKeepsOnlyImpressionRecordsWithImpressionsUsedAndCountsTheSame() throws {
        var bucket = UserBucket(identityKey: "anonymous")
        let shown = Fixture.campaign("shown", maxImpressions: 3)
        let unseen = Fixture.campaign("unseen", maxImpressions: 3)
        bucket.adopt([shown, unseen], caps: [], pingMillis: 1, now: Date())
        bucket.recordDisplay(of: shown, at: Date())

        var loaded = try MarqueeJSONCoders.decoder.decode(UserBucket.self, from: MarqueeJSONCoders.encoder.encode(bucket))
        loaded.attach(bucket.catalog)

        #expect(loaded.impressions.keys.sorted() == ["shown"])
        #expect(loaded.impressionsLeft(shown) == 2 && loaded.impressionsLeft(unseen) == 3)
        let raised = [Fixture.campaign("shown", maxImpressions: 5), Fixture.campaign("unseen", maxImpressions: 5)]
        bucket.adopt(raised, caps: [], pingMillis: 2, now: Date())
        loaded.adopt(raised, caps: [], pingMillis: 2, now: Date())
        #expect(loaded.impressions == bucket.impressions, "the next list adjusts both alike")
    }

    @Test func campaignsImpressionsAndProgressSurviveARestart() async {
        let campaign = Fixture.campaign("c", [Trigger(.purchase, occurrences: 2)])
        let first = Harness(campaigns: [campaign])
        await first.start()
        first.sdk.logEvent(PurchaseSuccessfulEvent())
        await first.advance(2)

        first.server.set("ping", .failure)
        let second = Harness(directory: first.directory, server: first.server)
        let presenter = await RecordingPresenter()
        await MainActor.run { second.sdk.register(presenter: presenter) }
        await second.start()
        second.sdk.logEvent(PurchaseSuccessfulEvent())
        await second.sdk.waitUntilIdle()

        #expect(await second.sdk.state().campaigns.map(\.id) == ["c"])
        #expect(await presenter.displayed.map(\.id) == ["c"], "one purchase before the restart, one after")
    }

    @Test func aCorruptFileIsReportedAndReset() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{broken".utf8).write(to: directory.appendingPathComponent(FileStore.bucketFileName(for: "anonymous")))
        try Data("[[[".utf8).write(to: directory.appendingPathComponent(Outbox.fileName))

        let harness = Harness(campaigns: [Fixture.campaign("a")], directory: directory)
        await harness.start()

        #expect(harness.errors.errors.contains { if case .storageReset = $0 { true } else { false } })
        #expect(await harness.sdk.state().campaigns.map(\.id) == ["a"])
    }

    @Test func unsentImpressionsSurviveARestartAndKeepTheirBatchID() async throws {
        let first = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)])])
        first.server.set("impression", .status(503, Data()))
        let presenter = await RecordingPresenter()
        await MainActor.run { first.sdk.register(presenter: presenter) }
        await first.start()
        first.sdk.logEvent(LoginSuccessfulEvent())
        await first.sdk.waitUntilIdle()
        await presenter.finish(PresentationResult(.userDismissed))
        await first.sdk.waitUntilIdle()
        let failedBatch = first.impressionBodies().first?.batchId

        first.server.set("impression", .status(200, Data()))
        let second = Harness(directory: first.directory, server: first.server)
        await second.start()
        await second.advance(10)   // the batch keeps its backoff across the restart

        let sent = first.impressionBodies()
        #expect(sent.count == 2)
        #expect(sent.last?.batchId == failedBatch)
        #expect(await second.sdk.core.outbox.items.isEmpty)
    }

    @Test func bucketFileNamesAreSafeAndDistinct() {
        let a = FileStore.bucketFileName(for: "u:alice/../x|t:")
        let b = FileStore.bucketFileName(for: "u:alice/../y|t:")

        #expect(!a.contains("/"))
        #expect(a != b)
    }
}

@Suite struct WireCompatibilityTests {
    /// The skeleton of RInAppMessaging's `ping_success.json` fixture.
    static let rakutenPing = """
    {"currentPingMillis":1582855754665,"nextPingMillis":3600000,"data":[{"campaignData":{
     "campaignId":"id1","maxImpressions":1,"type":1,"isTest":false,"isCampaignDismissable":true,
     "hasNoEndDate":true,"infiniteImpressions":true,
     "triggers":[{"type":1,"eventType":1,"eventName":"Launch the App Event","attributes":[]}],
     "messagePayload":{"title":"Future Campaign","messageBody":"Future","header":"Future",
      "titleColor":"#000000","headerColor":"#000000","messageBodyColor":"#000000","backgroundColor":"#ffffff",
      "frameColor":"#ffffff","resource":{"cropType":2},
      "messageSettings":{"displaySettings":{"slideFrom":1,"endTimeMillis":1582948800000,"orientation":1,
       "textAlign":2,"optOut":false,"delay":3000,"html":false},"controlSettings":{"buttons":[]}}}}},
     {"campaignData":{"campaignId":"tip","maxImpressions":2,"type":2,"isTest":true,
     "triggers":[{"type":1,"eventType":4,"eventName":"cart","attributes":[{"name":"amount","value":"3","type":2,"operator":3}]}],
     "messagePayload":{"title":"[Tooltip] cart","messageBody":"{\\"UIElement\\":\\"cart.button\\",\\"position\\":\\"top-left\\",\\"auto-disappear\\":5}",
      "titleColor":"#000000","headerColor":"#000000","messageBodyColor":"#000000","backgroundColor":"#ffffff",
      "frameColor":"#ffffff","resource":{"imageUrl":"https://example.com/a.png","cropType":1},
      "messageSettings":{"displaySettings":{"endTimeMillis":1582948800000,"orientation":1,
       "textAlign":1,"optOut":false,"delay":0,"html":false},"controlSettings":{"buttons":[]}}}}}]}
    """

    @Test func rakutenFixtureShapesDecodeThroughTheSDK() async throws {
        let harness = Harness()
        harness.server.set("ping", .status(200, Data(Self.rakutenPing.utf8)))
        let presenter = await RecordingPresenter()
        await MainActor.run { harness.sdk.register(presenter: presenter) }
        await harness.start(tooltips: true)

        harness.sdk.logEvent(AppStartEvent())
        await harness.sdk.waitUntilIdle()

        let campaigns = await harness.sdk.core.bucket.campaigns
        #expect(campaigns.map(\.id) == ["id1", "tip"])
        #expect(campaigns.last?.message.kind == .tooltip)
        #expect(campaigns.last?.message.tooltip?.targetElementID == "cart.button")
        #expect(await presenter.displayed.map(\.id) == ["id1"])
    }

    @Test func configResponseDecodes() throws {
        let config = try JSONDecoder().decode(ConfigResponse.self, from: Fixture.config(rollout: 42))
        #expect(config.data.rolloutPercentage == 42)
        #expect(config.data.endpoints?.displayPermission?.hasSuffix("display_permission") == true)
    }
}
