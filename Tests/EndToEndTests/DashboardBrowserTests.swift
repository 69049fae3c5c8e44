import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// Loads the dashboard in headless Chromium against a live server and reads what it shows.
@Suite("Dashboard in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardBrowserTests {
    /// The dashboard's DOM after it has loaded `fragment` (`#token=…&app=…`).
    static func dashboardDOM(_ server: LiveServer, fragment: String) async throws -> String {
        let browser = try HeadlessChromium.require()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let url = try #require(URL(string: server.baseURL.absoluteString + "/dashboard#" + fragment))
        return try await browser.dumpDOM(of: url, workDirectory: work)
    }

    @Test func aDeepLinkOpensTheCampaignWithItsStatsAndPreview() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-app")
            var campaign = Campaign(id: "", name: "Spring <sale>", status: .active, message: Message(
                kind: .modal, title: "Welcome back", body: "Ten percent off", buttons: [MessageButton(id: "ok", text: "Shop now")]),
                triggers: TriggerSet(triggers: [Trigger(.appStart)]))
            let saved = try await server.createCampaign(campaign, in: app)
            campaign.name = "Second"
            _ = try await server.createCampaign(campaign, in: app)

            let dom = try await Self.dashboardDOM(server, fragment: "token=\(LiveServer.adminToken)&app=\(app.id)&campaign=\(saved.id)")

            #expect(dom.contains(#"data-state="ready""#), "the dashboard finished loading")
            #expect(dom.contains("dash-app"), "the app is listed")
            #expect(dom.contains("Spring &lt;sale&gt;"), "campaign names are shown as text")
            #expect(!dom.contains("Spring <sale>"))
            #expect(dom.contains("Second"))
            #expect(dom.contains("Shows on every RInAppMessaging client"))
            #expect(dom.contains("Impressions"), "the stats panel is filled")
            #expect(dom.contains(#"data-preview="ready""#), "the preview was rendered")
            #expect(dom.contains("Welcome back"), "the preview frame holds the message")
            #expect(!dom.contains(LiveServer.adminToken), "the token leaves the address bar")
        }
    }

    @Test func aWrongTokenAsksToSignInAgain() async throws {
        try await LiveServer.with { server in
            let dom = try await Self.dashboardDOM(server, fragment: "token=not-the-token")
            #expect(dom.contains("the bearer token is not valid"))
            #expect(dom.contains(#"data-state="signed-out""#))
        }
    }
}
