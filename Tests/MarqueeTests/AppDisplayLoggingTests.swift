import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// A campaign's message shown by the app with its own UI and reported with `logDisplay`: counted
/// and sent as a presenter's display would be.
@MainActor
@Suite struct AppDisplayLoggingTests {
    /// Shows nothing itself: the app takes every message to its own UI.
    @MainActor
    final class OwnUI: MarqueeDelegate {
        var taken: [InAppMessage] = []
        func marquee(displayChoiceFor message: InAppMessage) -> DisplayChoice {
            taken.append(message)
            return .discard
        }
    }

    @Test func aDisplayTheAppMadeIsCountedSentAndLogsItsButtonsEvent() async throws {
        let button = MessageButton(id: "shop", text: "Shop", action: MessageAction(.close, logsEvent: EmittedEvent(name: "wants_to_shop")))
        let harness = Harness(campaigns: [
            Fixture.campaign("sale", [Trigger(.login)], maxImpressions: 3, buttons: [button]),
            Fixture.campaign("follow-up", [Trigger(.custom, name: "wants_to_shop")]),
        ])
        let ui = OwnUI()
        harness.sdk.delegate = ui
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let message = try #require(ui.taken.first)
        #expect(harness.impressionBodies().isEmpty, "discarded: nothing counted yet")

        harness.sdk.logDisplay(of: message, result: PresentationResult(.buttonClick(id: "shop")))
        await harness.sdk.waitUntilIdle()

        let batch = try #require(harness.impressionBodies().first)
        #expect(batch.campaignId == "sale")
        #expect(batch.impressions.map(\.type) == [.impression, .actionOne])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "sale" }?.impressionsLeft == 2)
        #expect(ui.taken.map(\.id) == ["sale", "follow-up"], "the button's event triggered the next campaign")
    }

    @Test func theAppsOwnMessagesAndUnknownCampaignsAreNotCounted() async throws {
        let harness = Harness(campaigns: [Fixture.campaign("sale", [Trigger(.login)])])
        await harness.start()

        let local = InAppMessage(id: "mine", campaignName: "Mine", message: Message(kind: .modal, title: "Hi"), isLocal: true)
        harness.sdk.logDisplay(of: local, result: PresentationResult(.userDismissed))
        let stranger = InAppMessage(id: "nope", campaignName: "Nope", message: Message(kind: .modal, title: "Hi"))
        harness.sdk.logDisplay(of: stranger, result: PresentationResult(.userDismissed))
        await harness.sdk.waitUntilIdle()

        #expect(harness.impressionBodies().isEmpty)
        #expect(harness.errors.errors == [.unknownCampaign("nope")])
    }
}
