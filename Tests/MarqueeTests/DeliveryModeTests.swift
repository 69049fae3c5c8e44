import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// ``TriggerDeliveryMode``: which of the messages one event readies are queued.
@Suite struct TriggerDeliveryModeTests {
    static func tooltip(_ id: String) -> Campaign {
        var campaign = Fixture.campaign(id, priority: 9, kind: .tooltip)
        campaign.message.tooltip = TooltipSettings(targetElementID: "cart")
        return campaign
    }

    @Test func everyEligibleKeepsAll() {
        let ready = [Fixture.campaign("a", priority: 1), Fixture.campaign("b", priority: 3)]

        #expect(TriggerDeliveryMode.everyEligible.select(ready).map(\.id) == ["a", "b"])
    }

    @Test func highestPriorityOnlyKeepsTheFirstOfTheHighestAndEveryTooltip() {
        let ready = [Fixture.campaign("a", priority: 1), Fixture.campaign("b", priority: 3),
                     Fixture.campaign("c", priority: 3), Self.tooltip("tip")]

        #expect(TriggerDeliveryMode.highestPriorityOnly.select(ready).map(\.id) == ["b", "tip"])
    }
}

/// Braze's delivery rules as settings, through the public API.
@MainActor
@Suite struct DeliveryModeTests {
    @Test func everyEligibleMessageShowsInTurnByDefault() async {
        let harness = Harness(campaigns: [Fixture.campaign("low", [Trigger(.login)], priority: 1),
                                          Fixture.campaign("high", [Trigger(.login)], priority: 7)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(30)

        #expect(presenter.displayed.map(\.id) == ["high", "low"])
    }

    @Test func highestPriorityOnlyShowsOneMessagePerEvent() async {
        let harness = Harness(campaigns: [Fixture.campaign("low", [Trigger(.login)], priority: 1),
                                          Fixture.campaign("high", [Trigger(.login)], priority: 7)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.triggerDeliveryMode = .highestPriorityOnly
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(30)
        let afterFirstLogin = presenter.displayed.map(\.id)
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(afterFirstLogin == ["high"], "the lower-priority message was not queued")
        #expect(presenter.displayed.map(\.id) == ["high", "low"], "high used its one impression; low is the best now")
    }

    @Test func aMessageWaitingLongerThanTheDisplayTimeoutIsDiscarded() async {
        let harness = Harness(campaigns: [Fixture.campaign("first", [Trigger(.login)], priority: 5),
                                          Fixture.campaign("second", [Trigger(.login)], priority: 1)])
        let presenter = RecordingPresenter()
        let delegate = DiscardRecorder()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        harness.sdk.displayTimeout = 60
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.advance(45)
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(30)

        #expect(presenter.displayed.map(\.id) == ["first"])
        #expect(delegate.discarded == [DiscardRecorder.Discard(id: "second", reason: .displayTimedOut)])
        #expect(await harness.sdk.state().queued.isEmpty)
    }

    @Test func aMessageWithinTheDisplayTimeoutStillShows() async {
        let harness = Harness(campaigns: [Fixture.campaign("first", [Trigger(.login)], priority: 5),
                                          Fixture.campaign("second", [Trigger(.login)], priority: 1)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayTimeout = 60
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.advance(10)
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(30)

        #expect(presenter.displayed.map(\.id) == ["first", "second"])
    }

    @Test func aMessageWhoseOrientationDoesNotFitTheDeviceIsDiscarded() async {
        var landscape = Fixture.campaign("wide", [Trigger(.login)])
        landscape.message.orientation = .landscape
        let harness = Harness(campaigns: [landscape])
        let presenter = RecordingPresenter()
        let delegate = DiscardRecorder()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        harness.sdk.deviceOrientation = .portrait
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let whilePortrait = presenter.displayed.map(\.id)
        harness.sdk.deviceOrientation = .landscape
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(whilePortrait.isEmpty)
        #expect(delegate.discarded == [DiscardRecorder.Discard(id: "wide", reason: .orientationMismatch)])
        #expect(harness.server.requests(to: "display_permission").count == 1, "only the display asked permission")
        #expect(presenter.displayed.map(\.id) == ["wide"], "a later trigger readies it again")
    }
}

/// Display coordinators per message kind: one at a time, or at once beside the message on screen.
@MainActor
@Suite struct DisplayCoordinatorTests {
    static let campaigns = [Fixture.campaign("modal", [Trigger(.login)], priority: 5),
                            Fixture.campaign("banner", [Trigger(.login)], priority: 1, kind: .banner),
                            Fixture.campaign("later", [Trigger(.purchase)])]

    @Test func standardShowsOneAtATime() async {
        let harness = Harness(campaigns: Self.campaigns)
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["modal"])
        #expect(await harness.sdk.state().queued.map(\.id) == ["banner"])
    }

    @Test func immediateShowsBesideTheMessageOnScreen() async {
        let harness = Harness(campaigns: Self.campaigns)
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayCoordinators = [.banner: .immediate]
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let state = await harness.sdk.state()

        #expect(Set(presenter.onScreen.map(\.id)) == ["modal", "banner"])
        #expect(state.onScreen?.id == "modal")
        #expect(state.immediateOnScreen.map(\.id) == ["banner"])
    }

    @Test func anImmediateMessageDoesNotStartTheDisplayInterval() async {
        let harness = Harness(campaigns: Self.campaigns.filter { $0.id != "modal" })
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayCoordinators = [.banner: .immediate]
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed), messageID: "banner")
        await harness.sdk.waitUntilIdle()
        harness.sdk.logEvent(PurchaseSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["banner", "later"])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "banner" }?.impressionsLeft == 0, "the banner's display counted")
    }

    @Test func closeMessageClosesImmediateMessagesToo() async {
        let harness = Harness(campaigns: Self.campaigns)
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayCoordinators = [.banner: .immediate]
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        harness.sdk.closeMessage()
        await harness.sdk.waitUntilIdle()

        #expect(presenter.onScreen.isEmpty)
        #expect(await harness.sdk.state().immediateOnScreen.isEmpty)
    }
}

/// Records the messages the SDK discarded.
@MainActor
final class DiscardRecorder: MarqueeDelegate {
    struct Discard: Hashable {
        var id: String
        var reason: DiscardReason
    }

    private(set) var discarded: [Discard] = []

    func marquee(didDiscard message: InAppMessage, reason: DiscardReason) {
        discarded.append(Discard(id: message.id, reason: reason))
    }
}
