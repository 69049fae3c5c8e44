import Foundation
import MarqueeModel
import Testing

/// `marquee simulate` shows the user's experiment arm in `status` and `cache`, and logs
/// hold-backs and conversions with the other events.
@Suite("marquee simulate with an experiment")
struct SimulatorExperimentTests {
    @Test func theArmIsShownAndConversionsAreLogged() async throws {
        try await SimulatorCLITests.withDemoServer { server in
            struct Apps: Decodable { var items: [LiveServer.CreatedApp] }
            let apps = try MarqueeJSON.decoder().decode(Apps.self, from: try await server.admin("GET", "api/v1/apps"))
            let demo = try #require(apps.items.first { $0.subscriptionID == "demo-subscription" })
            var draft = CampaignDraft.make("Offer test", triggers: [Trigger(.custom, name: "open_offer")])
            draft.experiment = Experiment(variants: [
                Variant(id: "a"),
                Variant(id: "b", message: Message(kind: .modal, title: "Variant B offer", buttons: [CampaignDraft.okButton])),
            ], controlPercent: 30)
            draft.goal = ConversionGoal(event: .custom, name: "subscribe", windowHours: 24)
            let campaign = try await server.createCampaign(draft, in: demo)
            func user(in arm: String) throws -> String {
                try #require((0..<500).map { "sim-\($0)" }.first { id in
                    campaign.arm(for: ExperimentUnit(identity: UserIdentity(userID: id), deviceID: nil))?.id == arm
                })
            }

            let shown = try await SimulatorCLITests.simulate(
                ["close", "custom open_offer", "button 1", "status", "custom subscribe", "cache", "quit"],
                server: server, extraArguments: ["--user", try user(in: "b")])
            #expect(shown.contains("Variant B offer"), "\(shown)")
            #expect(shown.contains("Offer test: variant b"))
            #expect(shown.contains("(conversion: Offer test, variant b, on custom:subscribe)"))
            #expect(shown.contains("variant b, goal custom:subscribe (converted)"))
            #expect(shown.contains("unsent conversions: 0"))

            let heldBack = try await SimulatorCLITests.simulate(
                ["close", "custom open_offer", "custom subscribe", "status", "quit"],
                server: server, extraArguments: ["--user", try user(in: "control")])
            #expect(heldBack.contains("(Offer test held back: control group, control impression recorded)"), "\(heldBack)")
            #expect(!heldBack.contains("Variant B offer"))
            #expect(heldBack.contains("(conversion: Offer test, control group, on custom:subscribe)"))
            #expect(heldBack.contains("Offer test: control group (sees nothing)"))

            let stats = try await server.statsJSON(of: campaign, in: demo)
            #expect(stats["impressions"] as? Int == 1)
            #expect(stats["controlImpressions"] as? Int == 1)
            #expect(stats["conversions"] as? Int == 2)
        }
    }
}
