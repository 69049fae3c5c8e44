import Foundation
import Marquee
import MarqueeModel
import Testing

/// A carousel over a live server: SDK devices see its pages, each page seen counts once per
/// display, and the statistics show where users stopped.
@MainActor
@Suite struct CarouselTests {
    @Test func pageViewsAreCountedAndTheDropOffShown() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            var draft = CampaignDraft.make("Tour", buttons: [])
            draft.message = Message(kind: .carousel, title: "Tour", pages: [
                MessagePage(id: "welcome", title: "Welcome"),
                MessagePage(id: "lists", title: "Shared lists", body: "Plan a shop together."),
                MessagePage(id: "done", title: "Ready?", buttons: [MessageButton(id: "try", text: "Try it"),
                                                                  MessageButton(id: "later", text: "Later")]),
            ])
            draft.delivery.maxImpressions = 5
            let tour = try await server.createCampaign(draft, in: app)

            // Three users: one closes on the first page, one on the second, one taps the last page's button.
            for (user, pages, result) in [("ada", [0], DisplayResolution.userDismissed), ("bob", [0, 1], .userDismissed),
                                          ("cy", [0, 1, 2], .buttonClick(id: "try"))] {
                let device = TestDevice()
                defer { device.removeStorage() }
                await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: user))
                #expect(await device.sdk.state().campaigns.map(\.id) == [tour.id], "the SDK declares carousels")
                await device.log(AppStartEvent())
                let shown = try #require(device.presenter.current)
                #expect(shown.message.pages.map(\.id) == ["welcome", "lists", "done"])
                // A page seen twice in one display counts once.
                try await device.finish(PresentationResult(result, viewedPages: pages + pages))
            }
            let stats = try await server.stats(of: tour, in: app)
            #expect(stats.impressions == 3)
            #expect(stats.pageViews == [3, 2, 1], "every display showed the first page; fewer went on")
            #expect(stats.buttonOneClicks == 1, "the last page's first button")

            // RInAppMessaging clients are not sent it.
            #expect(try await server.basePingCampaigns(subscriptionID: app.subscriptionID).isEmpty)
        }
    }
}
