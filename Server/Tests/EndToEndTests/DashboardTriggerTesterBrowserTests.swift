import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// The dashboard's trigger tester in headless Chromium against a live server.
@Suite("Dashboard trigger tester in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardTriggerTesterBrowserTests {
    @Test func aViewerLearnsWhyASampleEventDoesNotFireACampaign() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-tester")
            let levelUp = Trigger(.custom, name: "level_up",
                                  conditions: [AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "2")])
            _ = try await server.createCampaign(Campaign(id: "", name: "Level <b>up</b>", status: .active,
                                                         message: Message(kind: .modal, title: "Well done"),
                                                         triggers: TriggerSet(triggers: [levelUp])), in: app)
            try await server.createAccount("viewer@example.com", role: "viewer", password: DashboardBrowserTests.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&view=tester"

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "viewer@example.com") { page in
                try await page.waitUntil("!document.getElementById('tester-view').hidden")
                try await page.type("level_up", into: "tester-name")
                try await page.click("tester-add-attribute")
                try await page.type("level", into: "tester-attribute-0-name")
                try await DashboardInboxBrowserTests.choose("integer", in: "tester-attribute-0-type", on: page)
                try await page.type("2", into: "tester-attribute-0-value")
                try await page.click("tester-run")
                try await page.waitUntil("document.body.dataset.tester === 'done'")
                guard case .string(let text) = try await page.evaluate("document.getElementById('tester-results').textContent") else {
                    throw TestServerError("no results")
                }
                #expect(text.contains("Level <b>up</b>"), "campaign names are text")
                #expect(text.contains("does not fire"))
                #expect(text.contains("level: 2 is not greater than 2"), "\(text)")
                #expect(try await page.evaluate("document.querySelectorAll('#tester-results b').length") == .number(0))

                try await page.evaluate("document.getElementById('tester-attribute-0-value').value = ''")
                try await page.type("3", into: "tester-attribute-0-value")
                try await page.evaluate("document.body.dataset.tester = ''")
                try await page.click("tester-run")
                try await page.waitUntil("document.body.dataset.tester === 'done'")
                #expect(try await page.evaluate("document.getElementById('status').textContent") == .string("1 of 1 campaigns would fire."))
            }
        }
    }
}
