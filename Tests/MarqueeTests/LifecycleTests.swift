import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// ``AppLifecycle``: when the app is in the foreground and when sessions start.
@Suite struct AppLifecycleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theFirstSessionStartsAtConfigureInTheForeground() {
        var lifecycle = AppLifecycle()
        let atConfigure = lifecycle.started(at: start)
        let rightAfter = lifecycle.becameActive(at: start.addingTimeInterval(1), sessionTimeout: 1800)

        #expect(atConfigure)
        #expect(lifecycle.sessionStartedAt == start)
        #expect(!rightAfter, "a became-active right after launch is not a new session")
    }

    @Test func configuredInTheBackgroundTheSessionStartsAtTheFirstForeground() {
        var lifecycle = AppLifecycle()
        lifecycle.resignedActive(at: start)
        let atConfigure = lifecycle.started(at: start.addingTimeInterval(1))
        let atForeground = lifecycle.becameActive(at: start.addingTimeInterval(2), sessionTimeout: 1800)

        #expect(!atConfigure)
        #expect(atForeground)
    }

    @Test func aSessionStartsAfterTheTimeoutInTheBackground() {
        var lifecycle = AppLifecycle()
        _ = lifecycle.started(at: start)
        lifecycle.resignedActive(at: start.addingTimeInterval(10))
        let tooSoon = lifecycle.becameActive(at: start.addingTimeInterval(10 + 1799), sessionTimeout: 1800)
        lifecycle.resignedActive(at: start.addingTimeInterval(2000))
        lifecycle.resignedActive(at: start.addingTimeInterval(2500))   // repeated: the first time counts
        let afterTimeout = lifecycle.becameActive(at: start.addingTimeInterval(3800), sessionTimeout: 1800)

        #expect(!tooSoon)
        #expect(afterTimeout)
        #expect(lifecycle.sessionStartedAt == start.addingTimeInterval(3800))
    }

    @Test func nothingStartsBeforeConfigure() {
        var lifecycle = AppLifecycle()
        lifecycle.resignedActive(at: start)
        let starts = lifecycle.becameActive(at: start.addingTimeInterval(7200), sessionTimeout: 1800)

        #expect(!starts)
        #expect(lifecycle.isInForeground)
    }
}

/// The lifecycle through the public API: sessions log their own start and refresh the campaigns.
@MainActor
@Suite struct LifecycleTests {
    static let sessionCampaign = Fixture.campaign("session", [Trigger(.sessionStart)], maxImpressions: 5)

    @Test func configureStartsASessionThatShowsSessionStartCampaigns() async {
        let harness = Harness(campaigns: [Self.sessionCampaign])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)

        await harness.start()

        #expect(presenter.displayed.map(\.id) == ["session"], "no app code logged the session start")
    }

    @Test func aSessionStartsAfterThirtyMinutesInTheBackgroundAndRefreshes() async {
        let harness = Harness(campaigns: [Self.sessionCampaign])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        presenter.finish(PresentationResult(.userDismissed))
        let pingsAtLaunch = harness.server.requests(to: "ping").count

        harness.sdk.appWillResignActive()
        await harness.advance(5 * 60)
        harness.sdk.appDidBecomeActive()
        await harness.advance(60)
        #expect(presenter.displayed.map(\.id) == ["session"], "five minutes away is the same session")
        #expect(harness.server.requests(to: "ping").count == pingsAtLaunch)

        harness.sdk.appWillResignActive()
        await harness.advance(31 * 60)
        harness.sdk.appDidBecomeActive()
        await harness.sdk.waitUntilIdle()
        #expect(presenter.displayed.map(\.id) == ["session", "session"])
        #expect(harness.server.requests(to: "ping").count == pingsAtLaunch + 1, "a new session refreshes the campaigns")
    }

    @Test func theSessionTimeoutIsASetting() async {
        let harness = Harness(campaigns: [Self.sessionCampaign])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.sessionTimeout = 60
        await harness.start()
        presenter.finish(PresentationResult(.userDismissed))

        harness.sdk.appWillResignActive()
        await harness.advance(61)
        harness.sdk.appDidBecomeActive()
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["session", "session"])
    }

    @Test func theSDKsOwnSessionStartIsNotReportedAsUnmatched() async {
        let harness = Harness(campaigns: [Fixture.campaign("launch")])
        let delegate = UnmatchedRecorder.install(on: harness.sdk)
        await harness.start()
        harness.sdk.appWillResignActive()
        await harness.advance(3600)
        harness.sdk.appDidBecomeActive()
        await harness.sdk.waitUntilIdle()

        #expect(delegate.unmatched.isEmpty)
    }
}

/// Records the events no campaign listened for.
@MainActor
final class UnmatchedRecorder: MarqueeDelegate {
    private(set) var unmatched: [String] = []

    static func install(on sdk: MarqueeSDK) -> UnmatchedRecorder {
        let recorder = UnmatchedRecorder()
        sdk.delegate = recorder
        return recorder
    }

    func marquee(noMatchingTriggerFor event: Event) { unmatched.append(event.name) }
}

/// While the app is in the background nothing is shown; the queue waits for the foreground.
@MainActor
@Suite struct BackgroundTests {
    @Test func nothingIsShownInTheBackgroundAndTheQueueSurvivesIt() async {
        let harness = Harness(campaigns: [
            Fixture.campaign("login", [Trigger(.login)]),
            Fixture.campaign("purchase", [Trigger(.purchase)]),
        ])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.appWillResignActive()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.logEvent(PurchaseSuccessfulEvent())
        await harness.advance(3600)
        let inBackground = await harness.sdk.state()
        harness.sdk.appDidBecomeActive()
        await harness.sdk.waitUntilIdle()

        #expect(!inBackground.isInForeground)
        #expect(inBackground.queued.map(\.id) == ["login", "purchase"], "readied in the background, kept")
        #expect(presenter.displayed.map(\.id) == ["login"], "shown once the app is active")
        #expect(await harness.sdk.state().queued.map(\.id) == ["purchase"], "the next waits for the display interval")
    }

    @Test func aMessageAboutToBeShownReturnsToTheQueue() async {
        let harness = Harness(campaigns: [Fixture.campaign("login", [Trigger(.login)])])
        let presenter = LeavingPresenter(sdk: harness.sdk)
        harness.sdk.register(presenter: presenter)
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        let inBackground = await harness.sdk.state()
        harness.sdk.appDidBecomeActive()
        await harness.sdk.waitUntilIdle()

        #expect(inBackground.onScreen == nil)
        #expect(inBackground.queued.map(\.id) == ["login"])
        #expect(presenter.displayed == ["login"], "shown after the app came back, once")
    }
}

/// A presenter during whose first preparation the app goes to the background.
@MainActor
final class LeavingPresenter: MessagePresenter {
    let sdk: MarqueeSDK
    private(set) var displayed: [String] = []
    private var hasLeft = false

    init(sdk: MarqueeSDK) { self.sdk = sdk }

    func prepareAssets(for message: InAppMessage) async throws {
        guard !hasLeft else { return }
        hasLeft = true
        sdk.appWillResignActive()
        // Returns once the SDK has handled it; no wall-clock wait.
        while await sdk.core.lifecycle.isInForeground { await Task.yield() }
    }

    func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void) {
        displayed.append(message.id)
    }
}
