import Foundation
import Marquee
import MarqueeModel
import Testing

/// Opt-outs that survive a restart, and the server's last word before every display.
@MainActor
@Suite struct UserChoiceAndPermissionTests {
    @Test func optOutSurvivesARestartForThatUserOnly() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(
                CampaignDraft.make("Rate us", maxImpressions: 5, showsOptOut: true), in: app)

            let first = TestDevice()
            defer { first.removeStorage() }
            await first.start(with: server.configurationURL, subscriptionID: app.subscriptionID,
                              user: TestUser(userID: "carol"))
            await first.log(AppStartEvent())
            #expect(first.displayedIDs == [campaign.id])
            #expect(first.presenter.current?.message.showsOptOut == true)
            try await first.finish(PresentationResult(.userDismissed, optedOut: true))

            let stats = try await server.stats(of: campaign, in: app)
            #expect(stats.impressions == 1)
            #expect(stats.exits == 1)
            #expect(stats.optOuts == 1)

            // Restart as Carol: the server still lists the campaign, but she opted out.
            let second = first.relaunch()
            await second.start(with: server.configurationURL, subscriptionID: app.subscriptionID,
                               user: TestUser(userID: "carol"))
            let cached = await second.sdk.state().campaigns.first { $0.id == campaign.id }
            #expect(cached?.isOptedOut == true)
            #expect(cached?.impressionsLeft == 4)
            await second.log(AppStartEvent())
            #expect(second.presenter.displayed.isEmpty)

            // Another user of the same device did not opt out.
            second.sdk.registerPreference(TestUser(userID: "dave"))
            await second.sdk.waitUntilIdle()
            #expect(second.displayedIDs == [campaign.id])
            try await second.finish(PresentationResult(.buttonClick(id: "ok")))

            let after = try await server.stats(of: campaign, in: app)
            #expect(after.impressions == 2)
            #expect(after.optOuts == 1)
            #expect(after.buttonOneClicks == 1)
        }
    }

    @Test func campaignPausedAfterSyncIsNotShown() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(CampaignDraft.make("Flash sale", maxImpressions: 3), in: app)

            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            #expect(await device.sdk.state().campaigns.map(\.id) == [campaign.id])

            // Paused a minute later; the SDK still holds the campaign from its last ping.
            server.clock.advance(by: 60)
            try await server.setStatus(.paused, of: campaign, in: app)
            await device.log(AppStartEvent())

            // The server answered display: false (and performPing, which dropped the campaign).
            #expect(device.presenter.displayed.isEmpty)
            #expect(await device.sdk.state().campaigns.isEmpty)
            #expect(try await server.stats(of: campaign, in: app).impressions == 0)

            // Active again: the next launch syncs it and shows it.
            server.clock.advance(by: 60)
            try await server.setStatus(.active, of: campaign, in: app)
            let next = device.relaunch()
            await next.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            await next.log(AppStartEvent())
            #expect(next.displayedIDs == [campaign.id])
            try await next.finish(PresentationResult(.userDismissed))
            #expect(try await server.stats(of: campaign, in: app).impressions == 1)
        }
    }
}
