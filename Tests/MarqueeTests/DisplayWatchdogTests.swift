import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// The display watchdog: a presenter that loses its message without a word, or never calls its
/// completion, holds the message slot only until the SDK finds out; the next message then shows.
@MainActor
@Suite struct DisplayWatchdogTests {
    /// Puts messages "on screen" and never calls back, and answers nothing about them: a
    /// full-screen message whose presentation UIKit refused, as the SDK sees it.
    final class SilentPresenter: MessagePresenter {
        var displayed: [String] = []
        var dismissed: [String] = []
        func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void) {
            displayed.append(message.id)
        }
        func dismiss(_ message: InAppMessage) { dismissed.append(message.id) }
    }

    /// Knows when its host went away (the app dismissed the view controllers it was on) but
    /// does not call `completion`: it says so only when asked.
    final class HostLosingPresenter: MessagePresenter {
        var displayed: [String] = []
        var hostIsGone = false
        func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void) {
            displayed.append(message.id)
            hostIsGone = false
        }
        func isShowing(_ message: InAppMessage) -> Bool { !hostIsGone }
    }

    static func harness() -> (Harness, RecordingDelegate) {
        let harness = Harness(campaigns: [Fixture.campaign("a", [Trigger(.login)]), Fixture.campaign("b", [Trigger(.login)])])
        let delegate = RecordingDelegate()
        harness.sdk.delegate = delegate
        harness.sdk.displayInterval = 0
        return (harness, delegate)
    }

    @Test func aPresenterThatNeverReportsBackHoldsTheQueueOnlyUntilTheMaximumDuration() async {
        let (harness, delegate) = Self.harness()
        let presenter = SilentPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.maximumDisplayDuration = 120
        await harness.start()

        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.advance(119)
        let beforeTheLimit = presenter.displayed
        await harness.advance(1)

        #expect(beforeTheLimit == ["a"], "checked every 30 s, it still counts as on screen")
        #expect(presenter.dismissed == ["a"], "taken down, so a presenter that kept it lets it go")
        #expect(presenter.displayed == ["a", "b"])
        #expect(delegate.endings == [.init(id: "a", resolution: .interrupted)])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "a" }?.impressionsLeft == 1, "not counted")
    }

    @Test func aPresenterWhoseHostWentAwayFreesTheSlotAtTheNextCheck() async {
        let (harness, delegate) = Self.harness()
        let presenter = HostLosingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.displayCheckInterval = 5
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.advance(5)
        let whileShowing = presenter.displayed

        presenter.hostIsGone = true
        await harness.advance(4)
        let beforeTheCheck = presenter.displayed
        await harness.advance(1)

        #expect(whileShowing == ["a"] && beforeTheCheck == ["a"])
        #expect(presenter.displayed == ["a", "b"])
        #expect(delegate.endings == [.init(id: "a", resolution: .interrupted)])
        #expect(await harness.sdk.state().campaigns.first { $0.id == "a" }?.impressionsLeft == 1, "not counted")
    }

    @Test func aPresenterThatReportsItsHostGoneFreesTheSlotAtOnce() async {
        let (harness, delegate) = Self.harness()
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        presenter.finish(PresentationResult(.interrupted))
        await harness.sdk.waitUntilIdle()

        #expect(presenter.displayed.map(\.id) == ["a", "b"])
        #expect(delegate.endings == [.init(id: "a", resolution: .interrupted)])
    }

    @Test func aMessageTheUserClosesEndsItsWatchdog() async {
        let (harness, delegate) = Self.harness()
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        harness.sdk.maximumDisplayDuration = 60
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.advance(50)
        presenter.finish(PresentationResult(.userDismissed))
        await harness.advance(50)

        #expect(presenter.displayed.map(\.id) == ["a", "b"])
        #expect(delegate.endings == [.init(id: "a", resolution: .userDismissed)], "b, shown at 50 s, is within its own minute")
    }
}
