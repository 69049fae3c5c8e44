import Foundation
import Marquee
import MarqueeModel
import Testing

/// Segment targeting over a live server: SDK devices of different users are sent exactly the
/// campaigns whose segments they are in, as their profiles and campaign history change.
@MainActor
@Suite struct SegmentDeliveryTests {
    struct SegmentBody: Encodable {
        var name: String
        var rule: SegmentRule
    }

    struct ProfileChange: Encodable {
        var attributes: [String: ProfileValue] = [:]
        var addTags: [String] = []
    }

    func createSegment(_ server: LiveServer, _ app: LiveServer.CreatedApp, _ body: SegmentBody) async throws -> String {
        struct Created: Decodable { var id: String }
        let data = try await server.admin("POST", "api/v1/apps/\(app.id)/segments", body: body)
        return try MarqueeJSON.decoder().decode(Created.self, from: data).id
    }

    func setProfile(_ server: LiveServer, _ app: LiveServer.CreatedApp, _ user: String, _ change: ProfileChange) async throws {
        try await server.admin("PATCH", "api/v1/apps/\(app.id)/users/\(user)/profile", body: change)
    }

    @Test func aGoldTierSegmentWithRecentHistoryReachesExactlyItsUsers() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let launch = try await server.createCampaign(CampaignDraft.make("Launch"), in: app)
            let gold = try await createSegment(server, app, SegmentBody(name: "Gold, saw the launch this week", rule: .all([
                .attribute(ProfileCondition(attribute: "tier", operator: .equals, value: .string("gold"))),
                .history(HistoryCondition(campaign: launch.id, action: .saw, withinDays: 7)),
            ])))
            let offer = try await server.createCampaign(CampaignDraft.make(
                "Gold offer", triggers: [Trigger(.custom, name: "open_offers")],
                targeting: Targeting(segments: SegmentTargeting(include: [gold]))), in: app)
            try await setProfile(server, app, "ada", ProfileChange(attributes: ["tier": .string("gold")]))
            try await setProfile(server, app, "bob", ProfileChange(attributes: ["tier": .string("gold")]))
            try await setProfile(server, app, "cy", ProfileChange(attributes: ["tier": .string("silver")]))

            var devices: [String: TestDevice] = [:]
            for user in ["ada", "bob", "cy"] {
                let device = TestDevice()
                devices[user] = device
                await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: user))
                #expect(await device.sdk.state().campaigns.map(\.id) == [launch.id], "\(user) has not seen the launch yet")
            }
            defer { devices.values.forEach { $0.removeStorage() } }
            // Ada and Cy see the launch; Bob does not open the app.
            for user in ["ada", "cy"] {
                let device = try #require(devices[user])
                await device.log(AppStartEvent())
                #expect(device.displayedIDs == [launch.id])
                try await device.finish(PresentationResult(.buttonClick(id: "ok")))
            }
            // An hour later every device pings again.
            server.clock.advance(by: 3_600)
            for user in ["ada", "bob", "cy"] {
                let device = try #require(devices[user])
                await device.advance(by: 3_600)
                await device.log(CustomEvent(name: "open_offers"))
            }
            #expect(devices["ada"]?.displayedIDs == [launch.id, offer.id], "gold, and saw the launch")
            #expect(devices["bob"]?.displayedIDs == [], "gold, but never saw the launch")
            #expect(devices["cy"]?.displayedIDs == [launch.id], "saw the launch, but silver")

            // A week on, Ada's sighting is too old; Cy moved up to gold, but saw the launch a week ago too.
            try await setProfile(server, app, "cy", ProfileChange(attributes: ["tier": .string("gold")]))
            server.clock.advance(by: 7 * 86_400)
            for user in ["ada", "cy"] {
                let device = try #require(devices[user])
                await device.advance(by: 7 * 86_400)
                #expect(await device.sdk.state().campaigns.map(\.id) == [launch.id], "\(user)")
            }
        }
    }

    @Test func aForgedUserIDUnderRequiredVerificationGetsNoSegmentCampaign() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let secret = try await server.requireIdentityVerification(app)
            let vip = try await createSegment(server, app, SegmentBody(name: "VIP", rule: .tag(TagCondition(tag: "vip", operator: .has))))
            let offer = try await server.createCampaign(CampaignDraft.make(
                "VIP offer", targeting: Targeting(segments: SegmentTargeting(include: [vip]))), in: app)
            try await setProfile(server, app, "ada", ProfileChange(addTags: ["vip"]))

            let ada = TestDevice()
            let mallory = TestDevice()
            defer { ada.removeStorage(); mallory.removeStorage() }
            await ada.start(with: server.configurationURL, subscriptionID: app.subscriptionID,
                            user: SignedTestUser(userID: "ada", userSignature: LiveServer.sign("ada", with: secret)))
            #expect(await ada.sdk.state().campaigns.map(\.id) == [offer.id])
            // Mallory signs her own ID and claims Ada's.
            await mallory.start(with: server.configurationURL, subscriptionID: app.subscriptionID,
                                user: SignedTestUser(userID: "ada", userSignature: LiveServer.sign("mallory", with: secret)))
            #expect(await mallory.sdk.state().campaigns.isEmpty)
            await mallory.log(AppStartEvent())
            #expect(mallory.presenter.displayed.isEmpty)
        }
    }
}

extension SegmentDeliveryTests {
    @Test func valuesTheSDKSetsPutItsUserInASegment() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            try await server.admin("PATCH", "api/v1/apps/\(app.id)", body: ["deviceProfile": DeviceRules()])
            let shoes = try await createSegment(server, app, SegmentBody(name: "Shoe fans on the list", rule: .all([
                .attribute(ProfileCondition(attribute: "favoriteCategory", operator: .equals, value: .string("shoes"))),
                .tag(TagCondition(tag: "newsletter", operator: .has)),
            ])))
            let offer = try await server.createCampaign(CampaignDraft.make(
                "Shoe week", targeting: Targeting(segments: SegmentTargeting(include: [shoes]))), in: app)

            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: "ada"))
            #expect(await device.sdk.state().campaigns.isEmpty)
            device.sdk.setAttributes(["favoriteCategory": .string("shoes"), "tier": .string("gold")])
            await device.sdk.waitUntilIdle()
            #expect(device.errors.errors.contains { if case .httpStatus("profile", 422) = $0 { true } else { false } },
                    "the app does not let devices set a tier")
            device.sdk.setAttributes(["favoriteCategory": .string("shoes")])
            device.sdk.addTags(["newsletter"])
            await device.sdk.waitUntilIdle()
            try await device.sdk.refresh()
            #expect(await device.sdk.state().campaigns.map(\.id) == [offer.id])
            await device.log(AppStartEvent())
            #expect(device.displayedIDs == [offer.id])
        }
    }

    struct DeviceRules: Encodable {
        var attributes = ["favoriteCategory": "string"]
        var tags = ["newsletter"]
    }
}
