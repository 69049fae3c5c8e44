import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// Building a segment in a live dashboard: nested conditions over attributes, tags and campaign
/// history, its audience counted on screen, saved, then included in a campaign's targeting whose
/// audience is counted too, and explained by the trigger tester.
@Suite("Dashboard segments in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardSegmentsBrowserTests {
    struct ProfileChange: Encodable {
        var attributes: [String: ProfileValue]
        var addTags: [String]
    }

    /// Whether the element with `id` is what the page shows at its own centre: on screen, not covered.
    static func isOnScreen(_ id: String, on page: DevToolsPage) async throws -> Bool {
        try await page.evaluate("""
            (() => { const node = document.getElementById('\(id)'); node.scrollIntoView({ block: 'center' });
                     const box = node.getBoundingClientRect();
                     return box.width > 0 && box.height > 0
                       && node.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)); })()
            """) == .bool(true)
    }

    @Test func aSegmentIsBuiltCountedAndTargeted() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-segments")
            let launch = try await server.createCampaign(CampaignDraft.make("Launch"), in: app)
            for (user, tier, tags) in [("ada", "gold", ["beta"]), ("bob", "gold", []), ("cy", "silver", ["beta"]), ("dee", "gold", ["beta"])] {
                try await server.admin("PATCH", "api/v1/apps/\(app.id)/users/\(user)/profile",
                                       body: ProfileChange(attributes: ["tier": .string(tier)], addTags: tags))
            }
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1000) { page in
                try await page.click("view-segments")
                try await page.waitUntil("document.getElementById('rule-add-condition') !== null")
                try await page.type("Gold beta testers", into: "segment-name")
                // Tier equals gold …
                try await page.click("rule-add-condition")
                try await page.type("tier", into: "rule-0-attribute")
                try await page.type("gold", into: "rule-0-value")
                // … and any of (tag beta) …
                try await page.click("rule-add-group")
                try await page.click("rule-1-add-condition")
                try await DashboardInboxBrowserTests.choose("tag", in: "rule-1-0-kind", on: page)
                try await page.type("beta", into: "rule-1-0-tag")
                // … and did not see the launch in the last 7 days.
                try await page.click("rule-add-condition")
                try await DashboardInboxBrowserTests.choose("campaign", in: "rule-2-kind", on: page)
                try await DashboardInboxBrowserTests.choose("didNot", in: "rule-2-operator", on: page)
                try await DashboardInboxBrowserTests.choose(launch.id, in: "rule-2-campaign", on: page)

                try await page.click("segment-count")
                try await page.waitUntil("document.body.dataset.audience === 'counted'")
                #expect(try await page.evaluate("document.getElementById('segment-audience').textContent") == .string("2 of 4 known users"))
                #expect(try await Self.isOnScreen("segment-audience", on: page))
                #expect(try await Self.isOnScreen("rule-1-0-tag", on: page))
                try await page.saveScreenshot(DashboardBrowserTests.artifactName())
                try await page.click("segment-save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved “Gold beta testers”.'")

                // The campaign composer offers it; the campaign's audience is the segment's.
                try await page.click("view-campaigns")
                try await page.click("new-campaign")
                try await page.waitUntil("document.querySelector('[data-path=\"targeting.segments.include\"] input') !== null")
                try await page.evaluate("document.querySelector('[data-path=\"targeting.segments.include\"] input').click()")
                try await page.click("campaign-count-audience")
                try await page.waitUntil("document.getElementById('campaign-audience').textContent !== ''")
                #expect(try await page.evaluate("document.getElementById('campaign-audience').textContent") == .string("2 of 4 known users"))
                #expect(try await Self.isOnScreen("campaign-audience", on: page))
                try await page.saveScreenshot(DashboardBrowserTests.artifactName())
                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")

                // The trigger tester says, rule by rule, why Bob is not in it.
                try await page.click("view-tester")
                try await DashboardInboxBrowserTests.choose("appStart", in: "tester-kind", on: page)
                try await page.type("bob", into: "tester-user")
                try await page.click("tester-run")
                try await page.waitUntil("document.body.dataset.tester === 'done'")
                let results = try await page.evaluate("document.getElementById('tester-results').innerText")
                guard case .string(let text) = results else { throw TestServerError("no tester results") }
                #expect(text.contains("Segment “Gold beta testers” (the campaign includes it): the user is not in it"), "\(text)")
                #expect(text.contains("tier equals gold") && text.contains("has tag beta"), "\(text)")
            }
            let segments = try MarqueeJSON.decoder().decode(SegmentList.self, from: try await server.admin("GET", "api/v1/apps/\(app.id)/segments"))
            let segment = try #require(segments.items.first)
            #expect(segment.name == "Gold beta testers")
            #expect(segment.rule == .all([
                .attribute(ProfileCondition(attribute: "tier", operator: .equals, value: .string("gold"))),
                .any([.tag(TagCondition(tag: "beta", operator: .has))]),
                .history(HistoryCondition(campaign: launch.id, action: .saw, operator: .didNot, withinDays: 7)),
            ]))
            let campaign = try #require(try await server.campaigns(in: app).first { $0.name == "New campaign" })
            #expect(campaign.targeting.segments.include == [segment.id])
        }
    }

    struct SegmentList: Decodable {
        struct Item: Decodable {
            var id: String
            var name: String
            var rule: SegmentRule
        }
        var items: [Item]
    }
}
