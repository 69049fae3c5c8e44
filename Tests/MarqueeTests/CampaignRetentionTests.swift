import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// What a user did with a campaign survives the campaign missing from a ping (paused and resumed on
/// the server) for ``UserBucket/absentCampaignRetention``, and is forgotten after it.
@MainActor
@Suite struct CampaignRetentionTests {
    static let optOut = Fixture.campaign("opt", [Trigger(.login)], maxImpressions: 3, showsOptOut: true)
    static let repeating = Fixture.campaign("again", [Trigger(.purchase)], maxImpressions: 3,
                                            reEligibilitySeconds: 86_400)

    /// An SDK that showed both campaigns once: the user opted out of one and saw the other to its end.
    static func harnessAfterBothShowed() async -> (Harness, RecordingPresenter) {
        let harness = Harness(campaigns: [optOut, repeating])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed, optedOut: true))
        await harness.sdk.waitUntilIdle()
        harness.sdk.logEvent(PurchaseSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.sdk.waitUntilIdle()
        return (harness, presenter)
    }

    @Test func aPausedAndResumedCampaignKeepsOptOutImpressionsAndReEligibility() async {
        let (harness, presenter) = await Self.harnessAfterBothShowed()

        harness.server.set("ping", .status(200, Fixture.ping([])))
        await harness.advance(3600)
        harness.server.set("ping", .status(200, Fixture.ping([Self.optOut, Self.repeating])))
        await harness.advance(3600)
        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.logEvent(PurchaseSuccessfulEvent())
        let state = await harness.sdk.state()

        #expect(presenter.displayed.map(\.id) == ["opt", "again"], "neither shows again")
        #expect(state.campaigns.first { $0.id == "opt" }?.isOptedOut == true)
        #expect(state.campaigns.first { $0.id == "again" }?.impressionsLeft == 2)
    }

    @Test func stateOfACampaignMissingLongerThanTheRetentionPeriodIsForgotten() async {
        let (harness, presenter) = await Self.harnessAfterBothShowed()

        harness.server.set("ping", .status(200, Fixture.ping([])))
        await harness.advance(3600)
        await harness.advance(UserBucket.absentCampaignRetention)
        harness.server.set("ping", .status(200, Fixture.ping([Self.optOut, Self.repeating])))
        await harness.advance(3600)
        harness.sdk.logEvent(LoginSuccessfulEvent())
        let state = await harness.sdk.state()

        #expect(presenter.displayed.map(\.id) == ["opt", "again", "opt"])
        #expect(state.campaigns.first { $0.id == "again" }?.impressionsLeft == 3)
    }

    @Test func adoptRestoresAbsentStateWithinTheRetentionPeriodAndKeepsCapHistory() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let cap = FrequencyCap(id: "daily", limit: 1, periodSeconds: 86_400)
        let campaign = Fixture.campaign("c", maxImpressions: 3, caps: ["daily"])
        var bucket = UserBucket(identityKey: "anonymous")
        bucket.adopt([campaign], caps: [cap], pingMillis: 1, now: start)
        bucket.recordEnd(of: campaign, optedOut: true, at: start)

        bucket.adopt([], caps: [], pingMillis: 2, now: start.addingTimeInterval(60))
        let whileAbsent = bucket
        bucket.adopt([campaign], caps: [cap], pingMillis: 3,
                     now: start.addingTimeInterval(UserBucket.absentCampaignRetention - 1))

        #expect(whileAbsent.impressions["c"] == nil && !whileAbsent.optedOut.contains("c"))
        #expect(whileAbsent.absent["c"]?.since == start.addingTimeInterval(60))
        #expect(bucket.impressions["c"]?.left == 2)
        #expect(bucket.optedOut == ["c"])
        #expect(bucket.lastDisplayed["c"] == start)
        #expect(bucket.capHistory["daily"] == [start])
        #expect(bucket.absent.isEmpty)
    }

    @Test func adoptPrunesAbsentStateAfterTheRetentionPeriod() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let campaign = Fixture.campaign("c", maxImpressions: 3)
        var bucket = UserBucket(identityKey: "anonymous")
        bucket.adopt([campaign], caps: [], pingMillis: 1, now: start)
        bucket.recordDisplay(of: campaign, at: start)
        bucket.adopt([], caps: [], pingMillis: 2, now: start)

        bucket.adopt([], caps: [], pingMillis: 3, now: start.addingTimeInterval(UserBucket.absentCampaignRetention))

        #expect(bucket.absent.isEmpty)
        #expect(bucket.lastDisplayed.isEmpty)
    }

    @Test func aBucketStoredBeforeRetentionExistedStillLoads() throws {
        // A bucket file as the SDK wrote it before absent campaigns were kept.
        let json = """
        {"identityKey":"anonymous","campaigns":[],"impressions":{"c":{"maxImpressions":3,"left":1}},
         "optedOut":["c"],"progress":{"counts":{}},
         "lastDisplayed":{},"capHistory":{},"frequencyCaps":[],"lastPingMillis":5}
        """

        let bucket = try MarqueeJSONCoders.decoder.decode(UserBucket.self, from: Data(json.utf8))

        #expect(bucket.impressions["c"]?.left == 1)
        #expect(bucket.optedOut == ["c"])
        #expect(bucket.absent.isEmpty)
    }
}
