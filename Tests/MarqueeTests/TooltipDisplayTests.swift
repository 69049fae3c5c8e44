import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

/// Tooltips show beside messages, several at once (one per element), each with its own checks.
@MainActor
@Suite struct TooltipDisplayTests {
    static func tooltip(_ id: String, on element: String, name: String? = nil, autoDisappear: Int? = nil,
                        maxImpressions: Int = 1) -> Campaign {
        var campaign = Fixture.campaign(id, [Trigger(.login)], maxImpressions: maxImpressions, name: name, kind: .tooltip)
        campaign.message.tooltip = TooltipSettings(targetElementID: element, autoDisappearSeconds: autoDisappear)
        return campaign
    }

    @Test func severalTooltipsShowAtOnceBesideAModalEachWithItsOwnPermissionCheck() async {
        let harness = Harness(campaigns: [Fixture.campaign("modal", [Trigger(.login)]),
                                          Self.tooltip("cart-tip", on: "cart"), Self.tooltip("menu-tip", on: "menu")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: true)

        harness.sdk.viewAppeared(identifier: "cart")
        harness.sdk.viewAppeared(identifier: "menu")
        harness.sdk.logEvent(LoginSuccessfulEvent())
        let state = await harness.sdk.state()

        #expect(Set(presenter.onScreen.map(\.id)) == ["modal", "cart-tip", "menu-tip"])
        #expect(state.onScreen?.id == "modal")
        #expect(Set(state.tooltipsOnScreen.map(\.id)) == ["cart-tip", "menu-tip"])
        #expect(harness.server.requests(to: "display_permission").count == 3)
    }

    @Test func aSecondTooltipOnTheSameElementWaitsForTheFirst() async {
        let harness = Harness(campaigns: [Self.tooltip("first", on: "cart"), Self.tooltip("second", on: "cart")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: true)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.sdk.waitUntilIdle()
        let whileFirstShows = presenter.onScreen.map(\.id)
        presenter.finish(PresentationResult(.userDismissed), messageID: "first")
        await harness.sdk.waitUntilIdle()

        #expect(whileFirstShows == ["first"])
        #expect(presenter.onScreen.map(\.id) == ["second"])
    }

    @Test func eachTooltipHasItsOwnContextCheck() async {
        let harness = Harness(campaigns: [Self.tooltip("hidden", on: "cart", name: "[Tooltip][checkout] Hidden"),
                                          Self.tooltip("shown", on: "menu", name: "[Tooltip] Shown")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.onVerifyContext = { contexts, _ in !contexts.contains("checkout") }
        await harness.start(tooltips: true)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        harness.sdk.viewAppeared(identifier: "menu")
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["shown"])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "hidden" }?.impressionsLeft == 1)
    }

    @Test func theTooltipContextIsCarriedButNeverVerified() async {
        let harness = Harness(campaigns: [Self.tooltip("tip", on: "cart", name: "[Tooltip] Hint"),
                                          Self.tooltip("checked", on: "menu", name: "[Tooltip][menu] Checked")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        let asked = ErrorLog()
        harness.sdk.onVerifyContext = { contexts, _ in
            asked.append(.invalidConfiguration(contexts.joined(separator: ",")))
            return true
        }
        await harness.start(tooltips: true)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        harness.sdk.viewAppeared(identifier: "menu")
        await harness.sdk.waitUntilIdle()

        #expect(Set(presenter.displayed.map(\.id)) == ["tip", "checked"])
        #expect(presenter.displayed.allSatisfy { $0.contexts.first == "Tooltip" }, "as RInAppMessaging clients read the title")
        #expect(asked.errors == [.invalidConfiguration("menu")], "only the tooltip with a context of its own is verified")
    }

    @Test func autoDisappearEndsTheTooltipAsTimedOutOnTheClock() async {
        let harness = Harness(campaigns: [Self.tooltip("tip", on: "cart", autoDisappear: 5, maxImpressions: 3)])
        let presenter = RecordingPresenter()
        let delegate = RecordingDelegate()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        await harness.start(tooltips: true)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.advance(4.9)
        let beforeTime = presenter.onScreen.map(\.id)
        await harness.advance(0.1)

        #expect(beforeTime == ["tip"])
        #expect(presenter.onScreen.isEmpty)
        #expect(presenter.dismissed.map(\.id) == ["tip"])
        #expect(delegate.endings == [.init(id: "tip", resolution: .timedOut)])
        #expect(harness.impressionBodies().first?.impressions.map(\.type) == [.impression, .exit])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "tip" }?.impressionsLeft == 2)
    }

    @Test func aTooltipThePresenterEndedFirstIsNotTimedOutLater() async {
        let harness = Harness(campaigns: [Self.tooltip("tip", on: "cart", autoDisappear: 5)])
        let presenter = RecordingPresenter()
        let delegate = RecordingDelegate()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        await harness.start(tooltips: true)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.advance(2)
        presenter.finish(PresentationResult(.contentClick))
        await harness.advance(10)

        #expect(presenter.dismissed.isEmpty)
        #expect(delegate.endings == [.init(id: "tip", resolution: .contentClick)])
        #expect(harness.impressionBodies().count == 1)
    }

    @Test func closeTooltipTakesDownOnlyThatTooltipWithoutCountingIt() async {
        let harness = Harness(campaigns: [Fixture.campaign("modal", [Trigger(.login)]),
                                          Self.tooltip("cart-tip", on: "cart", autoDisappear: 5),
                                          Self.tooltip("menu-tip", on: "menu")])
        let presenter = RecordingPresenter()
        let delegate = RecordingDelegate()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        await harness.start(tooltips: true)
        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        harness.sdk.viewAppeared(identifier: "menu")
        await harness.sdk.waitUntilIdle()

        harness.sdk.closeTooltip(with: "cart")
        harness.sdk.closeTooltip(with: "nothing-here")
        await harness.advance(10)

        #expect(presenter.dismissed.map(\.id) == ["cart-tip"])
        #expect(Set(presenter.onScreen.map(\.id)) == ["modal", "menu-tip"])
        #expect(delegate.endings == [.init(id: "cart-tip", resolution: .interrupted)], "no time-out after the close")
        #expect(harness.impressionBodies().isEmpty)
        #expect(await harness.sdk.state().campaigns.first { $0.id == "cart-tip" }?.impressionsLeft == 1)
    }

    @Test func tooltipsNeedTheFeature() async {
        let harness = Harness(campaigns: [Self.tooltip("tip", on: "cart")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: false)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.isEmpty)
        #expect(harness.server.requests(to: "display_permission").isEmpty)
    }

    @Test func aTooltipThePresenterIsNotReadyForIsTriedAgainLater() async {
        let harness = Harness(campaigns: [Self.tooltip("tip", on: "cart")])
        let presenter = RecordingPresenter()
        presenter.ready = false
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: true)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.sdk.waitUntilIdle()
        let whileNotReady = presenter.displayed.count
        presenter.ready = true
        await harness.advance(1)

        #expect(whileNotReady == 0)
        #expect(presenter.displayed.map(\.id) == ["tip"])
    }

    @Test func pausedTooltipsWaitAndShowAfterUnpausing() async {
        let harness = Harness(campaigns: [Self.tooltip("tip", on: "cart")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: true)
        harness.sdk.isPaused = true

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.sdk.waitUntilIdle()
        let whilePaused = presenter.displayed.count
        harness.sdk.isPaused = false
        await harness.sdk.waitUntilIdle()

        #expect(whilePaused == 0)
        #expect(presenter.displayed.map(\.id) == ["tip"])
    }
}
