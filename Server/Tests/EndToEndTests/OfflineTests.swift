import Foundation
import Marquee
import MarqueeModel
import MarqueeServer
import Testing

/// The server goes away and comes back on the same database: the SDK keeps working from its cache,
/// keeps its impressions in the outbox, and delivers them exactly once.
@MainActor
@Suite struct OfflineTests {
    @Test func cachedCampaignsAndOutboxSurviveAServerOutage() async throws {
        let databasePath = FileManager.default.temporaryDirectory
            .appendingPathComponent("marquee-e2e-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: databasePath) }
        let tester = TestUser(userID: "tess")

        // Online: sync, show the launch campaign, count it.
        let (app, regular, preview, online, deadConfigurationURL) = try await LiveServer.with(storage: .sqliteFile(databasePath)) { server in
            // A subscription no other test's server uses, in case one of them takes over this port.
            let app = try await server.createApp(subscriptionID: "e2e-offline-\(UUID().uuidString)", testUserIDs: ["tess"])
            let regular = try await server.createCampaign(CampaignDraft.make("Welcome", maxImpressions: 5), in: app)
            let preview = try await server.createCampaign(
                CampaignDraft.make("Preview", triggers: [Trigger(.custom, name: "open_preview")], isTest: true), in: app)

            let online = TestDevice()
            await online.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: tester)
            await online.log(AppStartEvent())
            #expect(online.displayedIDs == [regular.id])
            try await online.finish(PresentationResult(.buttonClick(id: "ok")))
            // Tess is one of the app's testers: her traffic counts apart, even on a live campaign.
            #expect(try await server.stats(of: regular, in: app).testTraffic.impressions == 1)
            #expect(try await server.stats(of: regular, in: app).impressions == 0)
            #expect(await online.sdk.state().pendingImpressionBatches == 0)
            return (app, regular, preview, online, server.configurationURL)
        }
        defer { online.removeStorage() }

        // Offline: a new launch still has both campaigns and still evaluates their triggers.
        let offline = online.relaunch(later: 3600)
        await offline.start(with: deadConfigurationURL, subscriptionID: app.subscriptionID, user: tester)
        #expect(offline.errors.containsTransportFailure(of: "config"))
        var state = await offline.sdk.state()
        #expect(Set(state.campaigns.map(\.id)) == [regular.id, preview.id])
        #expect(state.campaigns.first { $0.id == regular.id }?.impressionsLeft == 4)

        // A regular campaign needs the server's display permission, which cannot be had offline.
        await offline.log(AppStartEvent())
        #expect(offline.presenter.displayed.isEmpty)
        #expect(offline.errors.containsTransportFailure(of: "displayPermission"))

        // A test campaign ignores the permission answer, so it shows; its impressions wait in the outbox.
        await offline.log(CustomEvent(name: "open_preview"))
        #expect(offline.displayedIDs == [preview.id])
        try await offline.finish(PresentationResult(.buttonClick(id: "ok")))
        state = await offline.sdk.state()
        #expect(state.pendingImpressionBatches == 1)
        #expect(offline.errors.containsTransportFailure(of: "impression"))

        // Back online: a new server process on the same database, at a new address.
        try await LiveServer.with(storage: .sqliteFile(databasePath)) { server in
            #expect(try await server.stats(of: regular, in: app).testTraffic.impressions == 1)
            #expect(try await server.stats(of: preview, in: app).testTraffic.impressions == 0)

            let back = offline.relaunch(later: 3600)
            await back.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: tester)
            // Sent as soon as the new configuration names the new address, with no backoff to wait out.
            #expect(await back.sdk.state().pendingImpressionBatches == 0)

            var previewStats = try await server.stats(of: preview, in: app)
            #expect(previewStats.testTraffic.impressions == 1, "a test campaign's traffic is counted as test traffic")
            #expect(previewStats.testTraffic.buttonOneClicks == 1)
            #expect(previewStats.impressions == 0)
            #expect(try await server.stats(of: regular, in: app).testTraffic.impressions == 1)

            // Delivered exactly once: another launch and more time send nothing again.
            let later = back.relaunch(later: 3600)
            await later.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: tester)
            await later.advance(by: 3600)
            #expect(await later.sdk.state().pendingImpressionBatches == 0)
            previewStats = try await server.stats(of: preview, in: app)
            #expect(previewStats.testTraffic.impressions == 1, "a test campaign's traffic is counted as test traffic")
            #expect(previewStats.testTraffic.buttonOneClicks == 1)
            #expect(previewStats.impressions == 0)
        }
    }
}
