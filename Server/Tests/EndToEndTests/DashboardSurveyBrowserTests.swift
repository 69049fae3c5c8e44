import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Marquee
import MarqueeModel
import MarqueeTestSupport
import MarqueeWire
import Testing

/// A survey's answers in the dashboard, in headless Chromium against a live server: bars per
/// choice and score, the text answers a page at a time, and markup users typed shown as text.
@Suite("Dashboard survey results in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardSurveyBrowserTests {
    static let markup = [#"<img src=x onerror="window.__pwned=1">"#, "<script>window.__pwned=1</script>", #"<a href="javascript:1">x</a>"#]

    /// Sends one display's answers as the SDK does.
    static func answer(_ server: LiveServer, _ app: LiveServer.CreatedApp, campaign: Campaign, user: String, at millis: Int64,
                       _ answers: [SurveyAnswer]) async throws {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("v1/survey"))
        request.httpMethod = "POST"
        request.setValue(app.subscriptionID, forHTTPHeaderField: "Subscription-Id")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try MarqueeJSON.encoder().encode(SurveyResponseRequest(
            campaignId: campaign.id, isTest: false, userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], marqueeVariant: nil,
            answeredAt: millis, answers: answers, batchId: UUID().uuidString))
        let (_, response) = try await URLSession.shared.data(for: request)
        try #require((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test func answersAreDrawnAndTheirMarkupNeverRuns() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-survey")
            try await server.createAccount("viewer@example.com", role: "viewer", password: DashboardBrowserTests.password)
            let survey = try await server.createCampaign(SurveyTests.survey(), in: app)
            // 23 displays: scores 0…10 round and round, the topics of every other one, a text from each.
            for index in 0..<23 {
                let text = index < Self.markup.count ? Self.markup[index] : "Answer \(index)"
                try await Self.answer(server, app, campaign: survey, user: "user-\(index)", at: 1_700_000_000_000 + Int64(index) * 1_000, [
                    SurveyAnswer(questionID: "recommend", value: .score(index % 11)),
                    SurveyAnswer(questionID: "topics", value: .choices(index % 2 == 0 ? ["price"] : [])),
                    SurveyAnswer(questionID: "more", value: .text(text)),
                ])
            }

            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(survey.id)"
            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "viewer@example.com") { page in
                try await page.waitUntil("document.getElementById('survey-answers-more') && document.getElementById('survey-answers-more').children.length === 20")
                #expect(try await page.evaluate("document.getElementById('survey-responses').textContent") == .string("23 responses"))
                #expect(try await page.evaluate("document.querySelector('[data-question=recommend] p').textContent")
                        == .string("23 answered · average 4.78 · NPS -48"))
                #expect(try await page.evaluate("document.querySelector('[data-question=topics] [data-value=price] .bar-count').textContent")
                        == .string("12"))

                try await page.click("survey-more-more")
                try await page.waitUntil("document.getElementById('survey-answers-more').children.length === 23")
                #expect(try await page.evaluate("document.getElementById('survey-more-more').hidden") == .bool(true))
                let shown = try await page.evaluate("""
                    Array.from(document.querySelectorAll('#survey-answers-more li p')).slice(-3).map((p) => p.textContent).join('|')
                    """)
                #expect(shown == .string(Self.markup.reversed().joined(separator: "|")), "the oldest three, as typed")
                #expect(try await page.evaluate("document.querySelectorAll('#survey-questions img, #survey-questions script, #survey-questions a').length")
                        == .number(0), "markup in answers became no element")
                #expect(try await page.evaluate("window.__pwned === undefined") == .bool(true), "markup in answers never ran")
                #expect(try await page.evaluate("document.getElementById('survey-csv').getAttribute('href')")
                        == .string("/api/v1/apps/\(app.id.uuidString.lowercased())/campaigns/\(survey.id)/survey/export"))

                // The bars are on screen: the price bar is the widest, in the accent colour.
                try await page.evaluate("document.getElementById('survey-results').scrollIntoView({ block: 'start' })")
                let painted = try await page.pixels(of: PNGImage.Pixel(red: 0x1D, green: 0x4E, blue: 0xD8), wanted: 3_001)
                #expect(painted > 3_000, "\(painted) pixels of bars are visible")
                try await page.saveScreenshot("dashboard-survey-results")
            }
        }
    }
}
