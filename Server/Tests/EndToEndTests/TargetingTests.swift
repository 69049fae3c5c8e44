import Foundation
import Marquee
import MarqueeModel
import Testing

/// Targeting decided on the server reaches the SDK through the ping of each user.
@MainActor
@Suite struct TargetingTests {
    /// The platform this test process, and so the SDK in it, runs on.
    static var thisPlatform: Platform {
        #if os(macOS)
        .macos
        #elseif os(iOS)
        .ios
        #else
        .linux
        #endif
    }

    @Test func aCampaignForThisPlatformIsFetchedAndShownHere() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let here = try await server.createCampaign(
                CampaignDraft.make("This platform", targeting: Targeting(platforms: [Self.thisPlatform])), in: app)
            let elsewhere = Self.thisPlatform == .ios ? Platform.android : .ios
            let other = try await server.createCampaign(
                CampaignDraft.make("Another platform", targeting: Targeting(platforms: [elsewhere])), in: app)

            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            #expect(await device.sdk.state().campaigns.map(\.id) == [here.id], "the ping names this platform")
            await device.log(AppStartEvent())
            #expect(device.displayedIDs == [here.id], "display permission names this platform too")
            #expect(!device.displayedIDs.contains(other.id))
        }
    }

    @Test func userTargetedCampaignIsPingedAndShownOnlyToThatUser() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let forAlice = try await server.createCampaign(
                CampaignDraft.make("Alice only", targeting: Targeting(userIDs: ["alice"])), in: app)
            let forEveryone = try await server.createCampaign(
                CampaignDraft.make("Everyone", triggers: [Trigger(.custom, name: "open_settings")]), in: app)

            // Anonymous: the ping leaves the targeted campaign out, so the app start shows nothing.
            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            #expect(await device.sdk.state().campaigns.map(\.id) == [forEveryone.id])
            await device.log(AppStartEvent())
            #expect(device.presenter.displayed.isEmpty)

            // Bob: his own ping, still without Alice's campaign.
            device.sdk.registerPreference(TestUser(userID: "bob"))
            await device.sdk.waitUntilIdle()
            var state = await device.sdk.state()
            #expect(state.identity.userID == "bob")
            #expect(state.campaigns.map(\.id) == [forEveryone.id])
            #expect(device.presenter.displayed.isEmpty)

            // Alice: switching identity loads her campaigns; the launch campaign shows for her.
            device.sdk.registerPreference(TestUser(userID: "alice"))
            await device.sdk.waitUntilIdle()
            state = await device.sdk.state()
            #expect(state.identity.userID == "alice")
            #expect(Set(state.campaigns.map(\.id)) == [forAlice.id, forEveryone.id])
            #expect(device.displayedIDs == [forAlice.id])
            try await device.finish(PresentationResult(.buttonClick(id: "ok")))

            // Back to Bob: his cached list again, and the untargeted campaign still works for him.
            device.sdk.registerPreference(TestUser(userID: "bob"))
            await device.log(CustomEvent(name: "open_settings"))
            #expect(await device.sdk.state().campaigns.map(\.id) == [forEveryone.id])
            #expect(device.displayedIDs == [forAlice.id, forEveryone.id])
            try await device.finish(PresentationResult(.userDismissed))

            let aliceStats = try await server.stats(of: forAlice, in: app)
            #expect(aliceStats.impressions == 1)
            #expect(aliceStats.buttonOneClicks == 1)
            let everyoneStats = try await server.stats(of: forEveryone, in: app)
            #expect(everyoneStats.impressions == 1)
            #expect(everyoneStats.exits == 1)

            // A plain RInAppMessaging ping agrees: Alice gets her campaign, Bob does not.
            #expect(try await Set(server.basePing(subscriptionID: app.subscriptionID, userID: "alice"))
                == [forAlice.id, forEveryone.id])
            #expect(try await server.basePing(subscriptionID: app.subscriptionID, userID: "bob") == [forEveryone.id])
        }
    }
}
