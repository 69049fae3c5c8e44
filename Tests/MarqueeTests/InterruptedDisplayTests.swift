import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// A display cut short by the app being killed is reported as interrupted on the next launch,
/// and not counted.
@MainActor
@Suite struct InterruptedDisplayTests {
    @Test func aMessageOnScreenWhenTheAppIsKilledIsReportedAsInterruptedOnRelaunch() async {
        let harness = Harness(campaigns: [Fixture.campaign("launch", [Trigger(.login)], maxImpressions: 3)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()

        let relaunched = Harness(directory: harness.directory, server: harness.server)
        let delegate = RecordingDelegate()
        relaunched.sdk.delegate = delegate
        await relaunched.start()
        let third = Harness(directory: harness.directory, server: harness.server)
        let laterDelegate = RecordingDelegate()
        third.sdk.delegate = laterDelegate
        await third.start()

        #expect(presenter.displayed.map(\.id) == ["launch"])
        #expect(delegate.endings == [.init(id: "launch", resolution: .interrupted)])
        #expect(laterDelegate.endings.isEmpty, "reported once")
        #expect(await relaunched.sdk.state().campaigns.first { $0.id == "launch" }?.impressionsLeft == 3)
        #expect(harness.impressionBodies().isEmpty)
    }

    @Test func aFinishedDisplayLeavesNothingToReport() async {
        let harness = Harness(campaigns: [Fixture.campaign("launch", [Trigger(.login)], maxImpressions: 3)])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.logEvent(LoginSuccessfulEvent())
        await harness.sdk.waitUntilIdle()
        presenter.finish(PresentationResult(.userDismissed))
        await harness.sdk.waitUntilIdle()

        let relaunched = Harness(directory: harness.directory, server: harness.server)
        let delegate = RecordingDelegate()
        relaunched.sdk.delegate = delegate
        await relaunched.start()

        #expect(delegate.endings.isEmpty)
        #expect(await relaunched.sdk.state().campaigns.first { $0.id == "launch" }?.impressionsLeft == 2)
    }

    @Test func aDelegateSetAfterConfigureHearsAboutTheInterruptedDisplayOnce() async {
        var tip = Fixture.campaign("tip", [Trigger(.login)], kind: .tooltip)
        tip.message.tooltip = TooltipSettings(targetElementID: "cart")
        let harness = Harness(campaigns: [Fixture.campaign("modal", [Trigger(.login)]), tip])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start(tooltips: true)
        harness.sdk.logEvent(LoginSuccessfulEvent())
        harness.sdk.viewAppeared(identifier: "cart")
        await harness.sdk.waitUntilIdle()

        let relaunched = Harness(directory: harness.directory, server: harness.server)
        await relaunched.start(tooltips: true)
        let delegate = RecordingDelegate()
        relaunched.sdk.delegate = delegate
        await relaunched.sdk.waitUntilIdle()
        relaunched.sdk.delegate = delegate
        await relaunched.sdk.waitUntilIdle()

        #expect(presenter.onScreen.count == 2)
        #expect(Set(delegate.endings) == [.init(id: "modal", resolution: .interrupted),
                                          .init(id: "tip", resolution: .interrupted)])
        #expect(delegate.endings.count == 2)
    }
}
