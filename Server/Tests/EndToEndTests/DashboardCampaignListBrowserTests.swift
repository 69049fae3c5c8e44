import Foundation
import Marquee
import MarqueeModel
import MarqueeTestSupport
import Testing

/// The campaign list and the campaign page's test send, in headless Chromium against a live server.
@Suite("Dashboard campaign list in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardCampaignListBrowserTests {
    static func campaign(_ name: String, kind: MessageKind = .modal, status: CampaignStatus = .active) -> Campaign {
        Campaign(id: "", name: name, status: status, message: Message(kind: kind, title: "Hello"),
                 triggers: TriggerSet(triggers: [Trigger(.appStart)]))
    }

    static func listed(_ page: DevToolsPage) async throws -> [String] {
        guard case .array(let names) = try await page.evaluate(
            "[...document.querySelectorAll('#campaigns .campaign-item button')].map((button) => button.firstChild.textContent)") else { return [] }
        return names.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }

    @Test func searchFiltersDuplicateAndBulkPause() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-list")
            _ = try await server.createCampaign(Self.campaign("Spring sale"), in: app)
            _ = try await server.createCampaign(Self.campaign("Spring banner", kind: .banner), in: app)
            _ = try await server.createCampaign(Self.campaign("Welcome", status: .draft), in: app)
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com") { page in
                #expect(try await Self.listed(page) == ["Spring sale", "Spring banner", "Welcome"])
                try await page.type("spring", into: "campaign-search")
                #expect(try await Self.listed(page) == ["Spring sale", "Spring banner"])
                try await DashboardInboxBrowserTests.choose("banner", in: "campaign-kind-filter", on: page)
                #expect(try await Self.listed(page) == ["Spring banner"])
                try await DashboardInboxBrowserTests.choose("", in: "campaign-kind-filter", on: page)
                try await DashboardInboxBrowserTests.choose("draft", in: "campaign-status-filter", on: page)
                #expect(try await Self.listed(page).isEmpty)
                try await DashboardInboxBrowserTests.choose("", in: "campaign-status-filter", on: page)
                try await page.evaluate("document.getElementById('campaign-search').value = ''; document.getElementById('campaign-search').dispatchEvent(new Event('input'))")

                // Bulk: select both spring campaigns and pause them.
                try await page.evaluate("[...document.querySelectorAll('#campaigns input[type=checkbox]')].slice(0, 2).forEach((box) => box.click())")
                try await page.click("bulk-pause")
                try await page.waitUntil("document.getElementById('status').textContent === 'Paused 2 campaigns.'")

                // Duplicate the open campaign.
                try await page.click("duplicate")
                try await page.waitUntil("document.getElementById('status').textContent.startsWith('Duplicated as')")
            }

            let campaigns = try await server.campaigns(in: app)
            #expect(campaigns.map(\.name) == ["Spring sale", "Spring banner", "Welcome", "Copy of Spring sale"])
            #expect(campaigns.map(\.status) == [.paused, .paused, .draft, .draft])
        }
    }

    @Test func sendingToATestDeviceShowsTheCampaignToThatTesterOnly() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-testers")
            let draft = try await server.createCampaign(Self.campaign("Try me", status: .draft), in: app)
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(draft.id)"

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "editor@example.com") { page in
                try await page.type("qa-ada", into: "tester-target")
                try await page.click("send-to-tester-button")
                try await page.waitUntil("document.getElementById('status').textContent.includes('is a test campaign now')")
            }

            let tester = TestDevice()
            defer { tester.removeStorage() }
            await tester.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: "qa-ada"))
            await tester.log(AppStartEvent())
            #expect(tester.displayedIDs == [draft.id], "the tester gets it at launch")

            let someone = TestDevice()
            defer { someone.removeStorage() }
            await someone.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: "someone"))
            await someone.log(AppStartEvent())
            #expect(someone.presenter.displayed.isEmpty)
        }
    }
}
