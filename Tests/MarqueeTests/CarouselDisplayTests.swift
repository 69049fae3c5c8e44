import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeRender
import MarqueeTesting
import MarqueeWire
import Testing

/// A carousel's display reports each page the user saw once, with its impression, and a page's
/// button counts as the button at its place on the page.
@MainActor
@Suite struct CarouselDisplayTests {
    static func carousel() -> Campaign {
        var campaign = Fixture.campaign("tour", kind: .carousel)
        campaign.message = SampleMessages.message(.carousel)
        return campaign
    }

    @Test func theBridgeSessionKeepsEachPageOnceAndEndsWithTheResolution() throws {
        var session = BridgeSession()
        #expect(session.receive(.pageViewed(index: 0, pageID: "welcome")) == nil)
        #expect(session.receive(.pageViewed(index: 1, pageID: "lists")) == nil)
        #expect(session.receive(.pageViewed(index: 0, pageID: "welcome")) == nil)
        #expect(session.receive(.optOutToggled(isChecked: true)) == nil)
        #expect(session.receive(.closed(.user, optOut: true)) == PresentationResult(.userDismissed, optedOut: true, viewedPages: [0, 1]))
    }

    @Test func pageViewsGoOutWithTheImpressionOncePerPage() async throws {
        let harness = Harness(campaigns: [Self.carousel()])
        let presenter = RecordingPresenter()
        harness.sdk.register(presenter: presenter)
        await harness.start()
        harness.sdk.logEvent(AppStartEvent())
        await harness.sdk.waitUntilIdle()
        try #require(presenter.current != nil, "the carousel shows")
        presenter.finish(PresentationResult(.buttonClick(id: "not-now"), viewedPages: [0, 2, 2, 7]))
        await harness.sdk.waitUntilIdle()
        let impressions = try #require(harness.impressionBodies().first).impressions
        #expect(impressions.map(\.type) == [.impression, .actionTwo, .pageView, .pageView],
                "the page's second button is the second action; a page the carousel lacks is not reported")
        #expect(impressions.compactMap(\.marqueePage) == [0, 2])
    }

    @Test func theTerminalNumbersPageButtonsOnAndShowsEveryPage() throws {
        let presenter = TerminalPresenter(width: 60) { _ in }
        var results: [PresentationResult] = []
        presenter.display(InAppMessage(id: "tour", campaignName: "Tour", message: SampleMessages.message(.carousel)),
                          completion: { results.append($0) })
        try presenter.choose(.button(1))
        #expect(results == [PresentationResult(.buttonClick(id: "try"), viewedPages: [0, 1, 2])])
    }
}
