import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeWire
import Testing

@MainActor
@Suite struct DisplayPipelineTests {
    @Test func appStartShowsTheLaunchCampaignOnceAndSendsItsImpressions() async throws {
        let harness = Harness(campaigns: [Fixture.campaign("launch", maxImpressions: 5)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(AppStartEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.sdk.waitUntilIdle()
        harness.sdk.logEvent(AppStartEvent())
        await harness.advance(60)

        #expect(presenter.displayed.map(\.id) == ["launch"])
        let batch = try #require(harness.impressionBodies().first)
        #expect(batch.campaignId == "launch")
        #expect(batch.batchId != nil)
        #expect(batch.impressions.map(\.type) == [.impression, .exit])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "launch" }?.impressionsLeft == 4)
    }

    @Test func callsBeforeConfigureAreKeptAndApplied() async {
        let harness = Harness(campaigns: [Fixture.campaign("c", [Trigger(.custom, name: "early")])])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)

        harness.sdk.logEvent(CustomEvent(name: "early"))
        await harness.start()

        #expect(presenter.displayed.map(\.id) == ["c"])
    }

    @Test func aSecondConfigureIsReported() async {
        let harness = Harness()
        await harness.start()

        await harness.start()

        #expect(harness.errors.errors.contains(.alreadyConfigured))
    }

    @Test func highestPriorityFirstThenTheNextAfterTheDisplayInterval() async {
        let harness = Harness(campaigns: [
            Fixture.campaign("low", [Trigger(.login)], priority: 1),
            Fixture.campaign("high", [Trigger(.login)], priority: 7),
        ])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.buttonClick(id: "ok")))
        await harness.advance(29)
        let beforeInterval = presenter.displayed.map(\.id)
        await harness.advance(1)

        #expect(beforeInterval == ["high"])
        #expect(presenter.displayed.map(\.id) == ["high", "low"])
    }

    @Test func lifoOrderShowsTheLatestAmongEqualPriorities() async {
        let harness = Harness(campaigns: [
            Fixture.campaign("first", [Trigger(.custom, name: "a")]),
            Fixture.campaign("second", [Trigger(.custom, name: "b")]),
        ])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.queueOrder = .lifo
        harness.sdk.isPaused = true
        await harness.start()

        harness.sdk.logEvent(CustomEvent(name: "a"))
        harness.sdk.logEvent(CustomEvent(name: "b"))
        harness.sdk.isPaused = false
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["second"])
    }

    @Test func pausedMessagesQueueAndShowAfterUnpausing() async {
        let harness = Harness(campaigns: [Fixture.campaign("c", [Trigger(.login)])])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.isPaused = true

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let whilePaused = presenter.displayed.count
        harness.sdk.isPaused = false
        await harness.sdk.waitUntilIdle()

        #expect(whilePaused == 0)
        #expect(presenter.displayed.map(\.id) == ["c"])
    }

    @Test func disabledShowsNothingAndEventsDoNotCount() async {
        let harness = Harness(campaigns: [Fixture.campaign("c", [Trigger(.login)])])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.isEnabled = false

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        harness.sdk.isEnabled = true
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.isEmpty)
        #expect(await harness.sdk.core.engine.progress.counts.isEmpty)
    }

    @Test func closeMessageCountsNoImpressionAndCanClearTheQueue() async {
        let harness = Harness(campaigns: [
            Fixture.campaign("a", [Trigger(.login)], priority: 2),
            Fixture.campaign("b", [Trigger(.login)], priority: 1),
        ])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        harness.sdk.closeMessage(clearQueuedCampaigns: true)
        await harness.advance(60)

        #expect(presenter.displayed.map(\.id) == ["a"])
        #expect(presenter.dismissed.map(\.id) == ["a"])
        #expect(harness.impressionBodies().isEmpty)
        #expect(await harness.sdk.state().campaigns.first { $0.id == "a" }?.impressionsLeft == 1)
    }

    @Test func displayPermissionIsAskedBeforeEachDisplay() async {
        let harness = Harness(campaigns: [Fixture.campaign("no", [Trigger(.login)]),
                                          Fixture.campaign("test", [Trigger(.login)], isTest: true)])
        harness.server.set("display_permission", .status(200, Fixture.permission(display: false)))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["test"], "test campaigns ignore the answer")
        #expect(harness.server.requests(to: "display_permission").count == 2)
    }

    @Test func aFailedPermissionRequestMeansNoDisplayAndPerformPingRefreshes() async {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)]), Fixture.campaign("b", [Trigger(.purchase)])])
        harness.server.queue("display_permission", .status(500, Data()))
        harness.server.queue("display_permission", .status(500, Data()))
        harness.server.set("display_permission", .status(200, Fixture.permission(display: true, performPing: true)))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let pingsBefore = harness.server.requests(to: "ping").count
        harness.sdk.logEvent(PurchaseSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["b"])
        #expect(harness.server.requests(to: "ping").count == pingsBefore + 1)
    }

    @Test func unpreparableAssetsDiscardTheMessage() async {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)])])
        let presenter = RecordingPresenter()
        presenter.preparationError = URLError(.cannotLoadFromNetwork)
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.preparedCount == 1)
        #expect(presenter.displayed.isEmpty)
        #expect(harness.errors.errors.contains { if case .assetsUnavailable = $0 { true } else { false } })
    }

    @Test func onlyOneMessageIsOnScreenAtATime() async {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)]), Fixture.campaign("b", [Trigger(.purchase)])])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.logEvent(PurchaseSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let whileFirstShows = presenter.displayed.map(\.id)
        presenter.finish(PresentationResult(.contentClick))
        await harness.sdk.waitUntilIdle()

        #expect(whileFirstShows == ["a"])
        #expect(presenter.displayed.map(\.id) == ["a", "b"])
    }

    @Test func contextVerificationCanSkipADisplayWithoutCountingIt() async {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)], name: "[checkout] Sale")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        let seen = ErrorLog()
        harness.sdk.onVerifyContext = { contexts, name in
            seen.append(.invalidConfiguration("\(contexts)|\(name)"))
            return false
        }
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.isEmpty)
        #expect(seen.errors == [.invalidConfiguration("[\"checkout\"]|[checkout] Sale")])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "a" }?.impressionsLeft == 1)
    }

    /// The app answers by looking at its screens, which UIKit allows only on the main thread.
    @Test func contextVerificationRunsOnTheMainActor() async {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)], name: "[checkout] Sale")])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        // The main actor runs its work on the main queue; elsewhere the queue's value is absent.
        let mainQueue = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: mainQueue, value: "main")
        let threads = ErrorLog()
        harness.sdk.onVerifyContext = { _, _ in
            threads.append(.invalidConfiguration(DispatchQueue.getSpecific(key: mainQueue) ?? "elsewhere"))
            return true
        }
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(threads.errors == [.invalidConfiguration("main")])
        #expect(presenter.displayed.map(\.id) == ["a"])
    }

    @Test func optOutIsPersistedForTheUser() async {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)], maxImpressions: 5, showsOptOut: true)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed, optedOut: true))
        await harness.sdk.waitUntilIdle()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let restarted = Harness(directory: harness.directory, server: harness.server)
        await restarted.start()

        #expect(presenter.displayed.count == 1)
        #expect(harness.impressionBodies().first?.impressions.map(\.type) == [.impression, .exit, .optOut])
        #expect(await restarted.sdk.state().campaigns.filter(\.isOptedOut).map(\.id) == ["a"])
    }

    @Test func outdatedCampaignsAreNotShownAndExpiryWhileWaitingDiscards() async {
        let clock = ManualClock()
        let harness = Harness(campaigns: [
            Fixture.campaign("old", [Trigger(.login)], endTime: clock.now.addingTimeInterval(-1)),
            Fixture.campaign("soon", [Trigger(.login)], endTime: clock.now.addingTimeInterval(10)),
        ], clock: clock)
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.isPaused = true
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.advance(20)
        harness.sdk.isPaused = false
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.isEmpty)
    }

    @Test func aUserChangeWhileWaitingDiscardsTheMessage() async {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)])])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.isPaused = true
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.registerPreference(TestUser(userID: "someone-else"))
        await harness.sdk.waitUntilIdle()
        harness.sdk.isPaused = false
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.isEmpty)
        #expect(await harness.sdk.core.scheduler.queue.isEmpty)
    }

    @Test func aButtonsCampaignTriggerReadiesAnotherCampaign() async {
        let button = MessageButton(id: "next", text: "Next", action: MessageAction(.close, logsEvent: EmittedEvent(name: "step2")))
        let harness = Harness(campaigns: [Fixture.campaign("first", [Trigger(.login)], buttons: [button]),
                                          Fixture.campaign("second", [Trigger(.custom, name: "step2")])])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.buttonClick(id: "next")))
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["first", "second"])
        #expect(harness.impressionBodies().first?.impressions.map(\.type) == [.impression, .actionOne])
    }

    @Test func delegateChoicesAndCallbacks() async {
        final class Delegate: MarqueeDelegate {
            var finished: [DisplayResolution] = []
            var unmatched: [String] = []
            func marquee(displayChoiceFor message: InAppMessage) -> DisplayChoice { message.id == "drop" ? .discard : .now }
            func marquee(modify message: InAppMessage) -> InAppMessage {
                var changed = message
                changed.message.title = "Changed"
                return changed
            }
            func marquee(didFinish message: InAppMessage, with resolution: DisplayResolution) { finished.append(resolution) }
            func marquee(noMatchingTriggerFor event: Event) { unmatched.append(event.name) }
        }
        let harness = Harness(campaigns: [Fixture.campaign("drop", [Trigger(.login)], priority: 5),
                                          Fixture.campaign("keep", [Trigger(.login)])])
        let presenter = RecordingPresenter()
        let delegate = Delegate()
        harness.sdk.register(presenter: presenter)
        harness.sdk.delegate = delegate
        await harness.start()

        harness.sdk.logEvent(CustomEvent(name: "nobody-listens"))
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.timedOut))
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["keep"])
        #expect(presenter.displayed.first?.message.title == "Changed")
        #expect(delegate.finished == [.timedOut])
        #expect(delegate.unmatched == ["nobody-listens"])
    }

    @Test func presentShowsALocalMessageWithoutAnalytics() async {
        let harness = Harness()
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.present(message: Message(kind: .modal, title: "Hello"))
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.first?.isLocal == true)
        #expect(harness.server.requests(to: "display_permission").isEmpty)
        #expect(harness.impressionBodies().isEmpty)
    }

    @Test func executeRuleUsesRegisteredTemplatesAndReportsMissingOnes() async {
        let harness = Harness(campaigns: [
            Fixture.campaign("promo", [Trigger(.rule, name: "vip")], template: "coupon"),
            Fixture.campaign("missing", [Trigger(.rule, name: "other")], template: "unknown"),
        ])
        let template = RecordingPresenter()
        harness.sdk.registerTemplate(named: "coupon", presenter: template)
        harness.sdk.displayInterval = 0
        await harness.start()

        harness.sdk.executeRule(["vip"])
        await harness.sdk.waitUntilIdle()
        template.finish(PresentationResult(.userDismissed))
        harness.sdk.executeRule(["other"])
        await harness.sdk.waitUntilIdle()

        #expect(template.displayed.map(\.id) == ["promo"])
        #expect(harness.errors.errors.contains(.templateNotRegistered(campaignID: "missing", template: "unknown")))
    }

    @Test func reEligibilityDelayAndFrequencyCaps() async {
        let harness = Harness()
        harness.server.set("ping", .status(200, Fixture.ping([
            Fixture.campaign("again", [Trigger(.login)], maxImpressions: 10, reEligibilitySeconds: 100),
            Fixture.campaign("capped", [Trigger(.purchase)], maxImpressions: 10, caps: ["daily"]),
        ], caps: [FrequencyCap(id: "daily", limit: 1, periodSeconds: 86_400)])))
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayInterval = 0
        await harness.start()

        for _ in 0..<2 {
            harness.sdk.logEvent(LoginSuccessfulEvent())
            harness.sdk.logEvent(PurchaseSuccessfulEvent())
            await harness.sdk.waitUntilIdle()
            presenter.finish(PresentationResult(.userDismissed))
            await harness.sdk.waitUntilIdle()
            presenter.finish(PresentationResult(.userDismissed))
            await harness.sdk.waitUntilIdle()
        }
        await harness.advance(101)
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["again", "capped", "again"])
    }

    @Test func tooltipsNeedTheFeatureAndTheirElement() async {
        var tip = Fixture.campaign("tip", [Trigger(.login)], kind: .tooltip)
        tip.message.tooltip = TooltipSettings(targetElementID: "cart")
        let harness = Harness(campaigns: [tip])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: true)

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let beforeView = presenter.displayed.count
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.sdk.waitUntilIdle()
        harness.sdk.closeTooltip(with: "cart")
        await harness.sdk.waitUntilIdle()

        #expect(beforeView == 0)
        #expect(presenter.displayed.map(\.id) == ["tip"])
        #expect(presenter.dismissed.map(\.id) == ["tip"])
    }
}
