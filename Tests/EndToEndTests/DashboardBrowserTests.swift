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
            #expect(dom.contains(#"data-preview="ready""#), "the preview frame loaded its page")
            #expect(dom.contains(#"action="/api/v1/preview/frame""#), "the preview is a page of its own, not a srcdoc")
            #expect(!dom.contains(LiveServer.adminToken), "the token leaves the address bar")
        }
    }

    /// The colour the previewed messages are painted in, found again in the screenshot.
    static let marker = PNGImage.Pixel(red: 0xC2, green: 0x18, blue: 0x7A)

    @Test(arguments: [MessageKind.slideUp, .modal, .banner])
    func thePreviewShowsTheMessageOnScreen(_ kind: MessageKind) async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-preview")
            let campaign = Campaign(id: "", name: "Painted", status: .draft, message: Message(
                kind: kind, title: "Free shipping today", body: "On every order",
                colors: MessageColors(background: HexColor("#C2187A")!, frame: HexColor("#C2187A")!)),
                triggers: TriggerSet(triggers: [Trigger(.appStart)]))
            let saved = try await server.createCampaign(campaign, in: app)
            let fragment = "token=\(LiveServer.adminToken)&app=\(app.id.uuidString.lowercased())&campaign=\(saved.id)"
            let url = try #require(URL(string: server.baseURL.absoluteString + "/dashboard#" + fragment))

            let browser = try HeadlessChromium.require()
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-shot-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            let image = try await browser.screenshot(of: url, width: 1400, height: 1000, workDirectory: work)

            // The message's own background, painted by the preview page, is what shows it is on screen.
            let painted = image.count(of: Self.marker)
            #expect(painted > 2_000, "\(kind.rawValue): \(painted) pixels of the message's background are visible")
        }
    }

    @Test func anAppSecretSignsInWithoutALink() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "secret-app")
            let secret = try #require(app.secret)
            let dom = try await Self.dashboardDOM(server, fragment: "token=\(secret)")
            #expect(dom.contains(#"data-state="ready""#))
            #expect(dom.contains("secret-app"), "the app the secret belongs to is listed")
            #expect(dom.contains(#"<form id="new-app-form" class="inline" hidden"#), "an app's secret cannot create apps")
            #expect(!dom.contains("these credentials cannot access this resource"))
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
