import Foundation
import Marquee
import MarqueeModel
import MarqueeRender
import MarqueeUI
import Testing

/// Embedded content over a live server: a placement shows the highest-priority eligible
/// campaign, then the next once a frequency cap stops the first; targeting applies as for any
/// campaign; RInAppMessaging clients are sent none of it.
@MainActor
@Suite struct PlacementTests {
    static func embedded(_ name: String, priority: Int, caps: [String] = [], targeting: Targeting = Targeting()) -> Campaign {
        var campaign = CampaignDraft.make(name, triggers: [], maxImpressions: 10, targeting: targeting)
        campaign.channel = .embedded
        campaign.placement = "home.top"
        campaign.delivery.priority = priority
        campaign.delivery.frequencyCapIDs = caps
        return campaign
    }

    @Test func thePlacementShowsTheHighestPriorityThenTheNextAfterACap() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(frequencyCaps: [FrequencyCap(id: "once-a-day", limit: 1, periodSeconds: 86_400)])
            let sale = try await server.createCampaign(Self.embedded("Spring sale", priority: 10, caps: ["once-a-day"]), in: app)
            let welcome = try await server.createCampaign(Self.embedded("Welcome", priority: 0), in: app)
            _ = try await server.createCampaign(Self.embedded("Beta testers", priority: 99,
                                                              targeting: Targeting(userIDs: ["someone-else"])), in: app)
            let overlay = try await server.createCampaign(CampaignDraft.make("Launch modal"), in: app)

            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: "ada"))
            var changes = device.sdk.placements.changes(for: "home.top").makeAsyncIterator()
            let first = try #require(await changes.next() ?? nil)
            #expect(first.campaignID == sale.id, "the highest priority this user is targeted by")
            #expect(first.message.title == "Spring sale")

            // The launch trigger shows the overlay campaign only.
            await device.log(AppStartEvent())
            #expect(device.displayedIDs == [overlay.id])
            try await device.finish(PresentationResult(.buttonClick(id: "ok")))

            // Seen: the cap allows one a day, so the placement moves on.
            #expect(await device.sdk.placements.recordImpression(first))
            let next = try #require(await changes.next() ?? nil)
            #expect(next.campaignID == welcome.id)
            #expect(await device.sdk.placements.recordClick(next, buttonID: "ok"))
            #expect(await device.sdk.placements.recordImpression(next))
            await device.sdk.waitUntilIdle()

            // A day later the cap allows the sale again.
            await device.advance(by: 86_401)
            #expect(await device.sdk.placements.content(for: "home.top")?.campaignID == sale.id)

            let saleStats = try await server.stats(of: sale, in: app)
            #expect(saleStats.impressions == 1)
            let welcomeStats = try await server.stats(of: welcome, in: app)
            #expect(welcomeStats.impressions == 1 && welcomeStats.buttonOneClicks == 1)
            #expect(try await server.basePingCampaigns(subscriptionID: app.subscriptionID, userID: "ada").map(\.name) == ["Launch modal"],
                    "RInAppMessaging clients get no embedded content: they would show it over the app")
        }
    }

    /// Waits for the view model to follow the SDK's stream; a bound, so a broken stream fails the test instead of hanging it.
    static func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        for _ in 0..<2_000 where !condition() { try await Task.sleep(nanoseconds: 10_000_000) }
        try #require(condition(), "the placement's content never arrived")
    }

    @Test func theViewModelCountsAnImpressionOnceHalfIsOnScreenAndFollowsTheNextContent() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            var sale = Self.embedded("Spring sale", priority: 10)
            sale.delivery.maxImpressions = 1
            let saved = try await server.createCampaign(sale, in: app)
            let welcome = try await server.createCampaign(Self.embedded("Welcome", priority: 0), in: app)
            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: "ada"))

            let model = PlacementViewModel(placement: "home.top", sdk: device.sdk)
            let following = Task { await model.followChanges() }
            defer { following.cancel() }
            try await Self.waitUntil { model.content != nil }
            #expect(model.content?.campaignID == saved.id)
            let document = try #require(model.document())
            #expect(document.contains("data-placement=\"home.top\"") && !document.contains("marquee-close"))

            let screen = PlacementVisibility.Frame(x: 0, y: 0, width: 390, height: 844)
            let card = { (y: Double) in PlacementVisibility.Frame(x: 0, y: y, width: 390, height: 200) }
            #expect(await model.visibilityChanged(content: card(0), visible: screen) == false, "not before the content has laid out")
            #expect(await model.receive(.resized(height: 200)) == nil)
            #expect(model.height == 200)
            #expect(await model.visibilityChanged(content: card(760), visible: screen) == false, "42 % on screen")
            let action = await model.receive(.buttonTapped(buttonID: "ok", optOut: nil))
            #expect(action == CampaignDraft.okButton.action, "a tap is recorded and its action handed to the view")
            #expect(await model.visibilityChanged(content: card(700), visible: screen), "72 % on screen")
            // Its one impression counted, the placement moves on to the next campaign.
            try await Self.waitUntil { model.content?.campaignID == welcome.id }
            #expect(model.height == 0 && !model.isCounted, "new content lays out and counts anew")
            await device.sdk.waitUntilIdle()
            let stats = try await server.stats(of: saved, in: app)
            #expect(stats.impressions == 1 && stats.buttonOneClicks == 1)
        }
    }
}
