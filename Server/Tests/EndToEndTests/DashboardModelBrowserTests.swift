import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// The dashboard's choices come from the server's model (`GET /api/v1/model`): in headless
/// Chromium against a live server, the campaign list's kind filter, the composer's kinds, survey
/// question kinds and condition operators, and the segment editor's operators and app facts offer
/// exactly the cases of the Swift model, in its order.
@Suite("Dashboard choices from the model in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardModelBrowserTests {
    /// The values of the options of the select `id`.
    static func options(of id: String, on page: DevToolsPage) async throws -> [String] {
        guard case .array(let values) = try await page.evaluate(
            "[...document.getElementById('\(id)').options].map((option) => option.value)") else { return [] }
        return values.compactMap { if case .string(let value) = $0 { value } else { nil } }
    }

    @Test func everyChoiceIsACaseOfTheServersModel() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-model")
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1000) { page in
                let kinds = MessageKind.allCases.map(\.rawValue)
                #expect(try await Self.options(of: "campaign-kind-filter", on: page) == [""] + kinds)

                try await page.click("new-campaign")
                try await page.waitUntil("document.getElementById('field-message-kind') !== null")
                #expect(try await Self.options(of: "field-message-kind", on: page) == kinds)

                try await DashboardInboxBrowserTests.choose("custom", in: "field-triggers-triggers-0-event", on: page)
                try await page.click("add-condition-triggers-triggers-0")
                let condition = "field-triggers-triggers-0-conditions-0"
                #expect(try await Self.options(of: "\(condition)-type", on: page) == AttributeType.allCases.map(\.rawValue))
                for type in AttributeType.allCases {
                    try await DashboardInboxBrowserTests.choose(type.rawValue, in: "\(condition)-type", on: page)
                    #expect(try await Self.options(of: "\(condition)-operator", on: page)
                            == ConditionOperator.allCases.filter { $0.supports(type) }.map(\.rawValue), "\(type)")
                }

                try await DashboardInboxBrowserTests.choose("survey", in: "field-message-kind", on: page)
                try await page.waitUntil("document.getElementById('field-message-survey-questions-0-kind') !== null")
                #expect(try await Self.options(of: "field-message-survey-questions-0-kind", on: page)
                        == SurveyQuestion.Kind.allCases.map(\.rawValue))

                try await page.click("view-segments")
                try await page.waitUntil("document.getElementById('rule-add-condition') !== null")
                try await page.click("rule-add-condition")
                #expect(try await Self.options(of: "rule-0-operator", on: page) == SegmentOperator.allCases.map(\.rawValue))
                try await DashboardInboxBrowserTests.choose("fact", in: "rule-0-kind", on: page)
                #expect(try await Self.options(of: "rule-0-fact", on: page) == FactCondition.Fact.allCases.map(\.rawValue))
                for fact in FactCondition.Fact.allCases {
                    try await DashboardInboxBrowserTests.choose(fact.rawValue, in: "rule-0-fact", on: page)
                    #expect(try await Self.options(of: "rule-0-operator", on: page) == fact.operators.map(\.rawValue), "\(fact)")
                }
            }
        }
    }
}
