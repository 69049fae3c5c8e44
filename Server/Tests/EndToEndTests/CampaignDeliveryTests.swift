import Foundation
import Marquee
import MarqueeModel
import Testing

/// Campaigns created through the admin API reach a live SDK, are shown, and are counted once.
@MainActor
@Suite struct CampaignDeliveryTests {
    @Test func launchCampaignIsShownCountedOnceAndCappedAcrossLaunches() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(
                CampaignDraft.make("Welcome back", maxImpressions: 2), in: app)

            // First launch: shown, finished with the first button.
            let first = TestDevice()
            defer { first.removeStorage() }
            await first.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            await first.log(AppStartEvent())
            #expect(first.displayedIDs == [campaign.id])
            #expect(first.presenter.current?.message.title == "Welcome back")
            try await first.finish(PresentationResult(.buttonClick(id: "ok")))

            var stats = try await server.stats(of: campaign, in: app)
            #expect(stats.impressions == 1)
            #expect(stats.buttonOneClicks == 1)
            #expect(stats.exits == 0)
            #expect(await first.sdk.state().pendingImpressionBatches == 0)

            // A second app start in the same launch does not show the launch campaign again.
            await first.log(AppStartEvent())
            #expect(first.displayedIDs == [campaign.id])

            // Second launch on the same storage: one impression left, so it shows once more.
            let second = first.relaunch()
            await second.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            await second.log(AppStartEvent())
            #expect(second.displayedIDs == [campaign.id])
            try await second.finish(PresentationResult(.userDismissed))

            stats = try await server.stats(of: campaign, in: app)
            #expect(stats.impressions == 2)
            #expect(stats.buttonOneClicks == 1)
            #expect(stats.exits == 1)

            // Third launch: maxImpressions is used up; nothing shows and nothing more is counted.
            let third = second.relaunch()
            await third.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            let cached = await third.sdk.state().campaigns.first { $0.id == campaign.id }
            #expect(cached?.impressionsLeft == 0)
            await third.log(AppStartEvent())
            #expect(third.presenter.displayed.isEmpty)
            #expect(await third.sdk.state().pendingImpressionBatches == 0)

            stats = try await server.stats(of: campaign, in: app)
            #expect(stats.impressions == 2)
            #expect(stats.buttonOneClicks == 1)
            #expect(stats.exits == 1)
        }
    }

    @Test func bannerReachesTheMarqueeSDKButNotABaseClient() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let banner = try await server.createCampaign(
                CampaignDraft.make("Summer banner", kind: .banner, triggers: [Trigger(.custom, name: "open_shop")]), in: app)
            let modal = try await server.createCampaign(
                CampaignDraft.make("Plain modal", triggers: [Trigger(.custom, name: "open_help")]), in: app)

            // A client that declares no capabilities receives only what the base protocol expresses.
            let basePing = try await server.basePing(subscriptionID: app.subscriptionID)
            #expect(basePing == [modal.id])

            // The Marquee SDK declares every capability, so it receives the banner too.
            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            let cached = await device.sdk.state().campaigns
            #expect(Set(cached.map(\.id)) == [banner.id, modal.id])

            await device.log(CustomEvent(name: "open_shop"))
            let shown = try #require(device.presenter.current)
            #expect(shown.id == banner.id)
            #expect(shown.message.kind == .banner)
            #expect(shown.message.banner?.placement == .top)
            #expect(shown.message.banner?.icon == .offer)
            try await device.finish(PresentationResult(.contentClick))

            let stats = try await server.stats(of: banner, in: app)
            #expect(stats.impressions == 1)
            #expect(stats.contentClicks == 1)
        }
    }
}
