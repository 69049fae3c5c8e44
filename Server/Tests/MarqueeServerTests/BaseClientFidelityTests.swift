import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// RInAppMessaging's own clients either show a campaign as the marketer meant or are not sent it
/// (`../shared`'s client notes: HTML has no presenter on either client, SVG cannot be decoded,
/// placeholders are shown as written). Checked through the real ping route, as a base client
/// (no capabilities) and as the Marquee SDK (every capability).
@Suite("Base clients")
struct BaseClientFidelityTests {
    static func campaigns() -> [Campaign] {
        var html = Fixtures.modal("HTML")
        html.message.kind = .html
        html.message.html = "<p>Hello</p>"
        var svg = Fixtures.modal("SVG image")
        svg.message.image = MessageImage(url: "https://cdn.example.com/hero.SVG?v=2")
        var png = Fixtures.modal("PNG image")
        png.message.image = MessageImage(url: "https://cdn.example.com/hero.png")
        var personal = Fixtures.modal("Personal")
        personal.message.title = "Welcome, %%first_name|friend%%!"
        personal.message.body = "50%% off for %%first_name%% today"
        personal.message.buttons = [MessageButton(id: "go", text: "Go, %%first_name|friend%%")]
        return [html, svg, png, personal]
    }

    @Test(arguments: TestDatabase.available)
    func baseClientsGetOnlyWhatTheyShowAsMeant(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            for campaign in Self.campaigns() { _ = try await server.createCampaign(campaign, in: app) }

            let base = try await server.ping(app, Fixtures.pingBody())
            #expect(Set(base.campaigns.map(\.name)) == ["PNG image", "Personal"], "HTML and SVG are not sent to base clients")
            let personal = try #require(base.campaigns.first { $0.name == "Personal" })
            #expect(personal.message.title == "Welcome, friend!", "placeholders arrive filled with their fallback")
            #expect(personal.message.body == "50%% off for  today", "one without a fallback is left out; 50%% stays text")
            #expect(personal.message.buttons.first?.text == "Go, friend")

            let marquee = try await server.ping(app, Fixtures.pingBody(capabilities: Capability.all))
            #expect(marquee.campaigns.count == 4, "the Marquee SDK gets every campaign")
            let raw = try #require(marquee.campaigns.first { $0.name == "Personal" })
            #expect(raw.message.title == "Welcome, %%first_name|friend%%!", "the SDK fills placeholders itself")
        }
    }

    @Test func theDashboardsCompatibilityLineComesFromTheCampaignsCapabilities() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            for campaign in Self.campaigns() {
                let id = try await server.createCampaign(campaign, in: app)
                let read = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)").json
                let needed = Set(read["requiredCapabilities"] as? [String] ?? [])
                switch campaign.name {
                case "HTML": #expect(needed.contains("message.html"))
                case "SVG image": #expect(needed.contains("image.svg"))
                default: #expect(needed.isEmpty, "\(campaign.name): \(needed)")
                }
            }
        }
    }
}
