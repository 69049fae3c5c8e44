import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// The SDK's side of experiments, against a stub server: the variant is shown, the control group
/// is held back with a control impression, and conversions go out once, within the window, and
/// survive restarts in the outbox.
@MainActor
@Suite struct ExperimentClientTests {
    static func campaign(windowHours: Double = 24) -> Campaign {
        var campaign = Fixture.campaign("exp", [Trigger(.custom, name: "open")], maxImpressions: 3)
        campaign.experiment = Experiment(variants: [
            Variant(id: "a"), Variant(id: "b", message: Message(kind: .modal, title: "Variant B")),
        ], controlPercent: 40)
        campaign.goal = ConversionGoal(event: .custom, name: "subscribe", windowHours: windowHours)
        return campaign
    }

    /// A user ID in `arm` of the campaign.
    static func user(in arm: String, of campaign: Campaign = campaign()) throws -> String {
        try #require((0..<500).map { "user-\($0)" }.first {
            campaign.arm(for: ExperimentUnit(identity: UserIdentity(userID: $0), deviceID: "device-1"))?.id == arm
        })
    }

    static let config = Data("""
        {"data":{"rolloutPercentage":100,"endpoints":{"ping":"https://marquee.test/v1/ping",
        "impression":"https://marquee.test/v1/impression","displayPermission":"https://marquee.test/v1/display_permission",
        "conversion":"https://marquee.test/v1/conversion"}}}
        """.utf8)

    @MainActor final class HoldBacks: MarqueeDelegate {
        var heldBack: [InAppMessage] = []
        var conversions: [Conversion] = []
        func marquee(didHoldBack message: InAppMessage) { heldBack.append(message) }
        func marquee(didConvert conversion: Conversion) { conversions.append(conversion) }
    }

    private func harness(user: String, directory: URL? = nil, clock: ManualClock = ManualClock()) -> Harness {
        let harness = Harness(campaigns: [Self.campaign()], directory: directory, clock: clock)
        harness.server.set("config", .status(200, Self.config))
        harness.server.set("conversion", .status(200, Data(#"{"counted":true}"#.utf8)))
        harness.sdk.registerPreference(TestUser(userID: user))
        return harness
    }

    private func conversions(_ harness: Harness) -> [ConversionRequest] {
        harness.server.requests(to: "conversion").compactMap { $0.body }.compactMap {
            try? JSONDecoder().decode(ConversionRequest.self, from: $0)
        }
    }

    @Test func aVariantUserSeesTheVariantAndItsImpressionSaysSo() async throws {
        let harness = harness(user: try Self.user(in: "b"))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        #expect(await harness.sdk.state().campaigns.first?.variant == "b")

        harness.sdk.logEvent(CustomEvent(name: "open"))
        await harness.sdk.waitUntilIdle()
        let shown = try #require(presenter.current)
        #expect(shown.message.title == "Variant B")
        #expect(shown.variant == "b")
        presenter.finish(PresentationResult(.buttonClick(id: "x")))
        await harness.sdk.waitUntilIdle()

        let batch = try #require(harness.impressionBodies().first)
        #expect(batch.marqueeVariant == "b")
        #expect(batch.impressions.first?.type == .impression)
    }

    @Test func theControlGroupIsHeldBackWithAControlImpression() async throws {
        let harness = harness(user: try Self.user(in: "control"))
        let presenter = RecordingPresenter()
        let delegate = HoldBacks()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        await harness.start()

        harness.sdk.logEvent(CustomEvent(name: "open"))
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.isEmpty, "nothing is shown")
        #expect(delegate.heldBack.map(\.id) == ["exp"])
        #expect(delegate.heldBack.first?.variant == "control")
        let batch = try #require(harness.impressionBodies().first)
        #expect(batch.marqueeVariant == "control")
        #expect(batch.impressions.map(\.type) == [.impression], "a control impression: no clicks, no exit")
        #expect(harness.server.requests(to: "display_permission").count == 1, "held back after the same checks as a display")
        let state = await harness.sdk.state()
        #expect(state.campaigns.first?.impressionsLeft == 2, "it uses an impression, so control users are eligible as often")
    }

    @Test func aConversionIsSentOnceWithinTheWindowAndNeverAfterIt() async throws {
        let harness = harness(user: try Self.user(in: "a"))
        let presenter = RecordingPresenter()
        let delegate = HoldBacks()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        await harness.start()

        // Before any exposure the goal's event converts nothing.
        harness.sdk.logEvent(CustomEvent(name: "subscribe"))
        await harness.sdk.waitUntilIdle()
        #expect(conversions(harness).isEmpty)

        harness.sdk.logEvent(CustomEvent(name: "open"))
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(23 * 3_600)
        harness.sdk.logEvent(CustomEvent(name: "subscribe"))
        harness.sdk.logEvent(CustomEvent(name: "subscribe"))
        await harness.sdk.waitUntilIdle()

        let sent = conversions(harness)
        #expect(sent.count == 1, "once per campaign")
        #expect(sent.first?.marqueeVariant == "a")
        let report = try #require(sent.first)
        #expect(report.convertedAt - report.exposedAt == 82_800_000, "23 hours after the display")
        #expect(delegate.conversions.map(\.campaignID) == ["exp"])
        #expect(await harness.sdk.state().campaigns.first?.hasConverted == true)
    }

    @Test func theWindowClosesAfterItsHours() async throws {
        let harness = harness(user: try Self.user(in: "a"))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.logEvent(CustomEvent(name: "open"))
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(24 * 3_600 + 1)
        harness.sdk.logEvent(CustomEvent(name: "subscribe"))
        await harness.sdk.waitUntilIdle()
        #expect(conversions(harness).isEmpty)
        #expect(await harness.sdk.core.bucket.exposures.isEmpty, "a closed window is forgotten")
    }

    @Test func anUnsentConversionSurvivesARestartAndIsSentOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-exp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let user = try Self.user(in: "control")
        let clock = ManualClock()
        let first = harness(user: user, directory: directory, clock: clock)
        first.server.set("conversion", .status(503, Data()))
        await first.start()
        first.sdk.logEvent(CustomEvent(name: "open"))
        await first.sdk.waitUntilIdle()
        first.sdk.logEvent(CustomEvent(name: "subscribe"))
        await first.sdk.waitUntilIdle()
        #expect(await first.sdk.state().pendingConversions == 1, "kept in the outbox while the server fails")

        let second = harness(user: user, directory: directory, clock: clock)
        await second.start()
        await second.advance(120)
        #expect(conversions(second).count == 1)
        #expect(conversions(second).first?.marqueeVariant == "control")
        #expect(await second.sdk.state().pendingConversions == 0)
        second.sdk.logEvent(CustomEvent(name: "subscribe"))
        await second.sdk.waitUntilIdle()
        #expect(conversions(second).count == 1, "the conversion was recorded before the restart")
    }
}
