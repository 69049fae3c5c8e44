import Foundation
import MarqueeModel
import MarqueeRender
import MarqueeTesting
import MarqueeTestSupport
import Testing

/// A survey in a real browser (headless Chromium): sending it without a required answer posts
/// nothing, the answers given are posted once, the thank-you page then closes the display, and
/// survey text never runs as script.
@Suite("Surveys in headless Chromium",
       .enabled(if: HeadlessChromium.isEnabled,
                "No Chromium found: install Debian's chromium package or set MARQUEE_CHROMIUM to run these tests"))
struct SurveyBrowserTests {
    @Test("a required question holds the survey back; the answers are posted once, then the thank-you page closes it")
    func answersArePostedOnce() async throws {
        let browser = try HeadlessChromium.require()
        var pages: [BrowserPage] = []
        for theme in [Theme.light, .dark] {
            for (screen, size) in [("portrait", ViewportSize.phonePortrait), ("landscape", .phoneLandscape)] {
                let html = HTMLRenderer(options: RenderOptions(theme: theme, personalization: SampleMessages.personalization))
                    .render(SampleMessages.untimed(.survey))
                // Submit too early; score 9; tick two topics and untick one; submit; submit again; done.
                pages.append(BrowserPage(name: "\(theme.rawValue) \(screen)", html: html, width: size.width, height: size.height,
                                         taps: ["#marquee-survey-submit", "#marquee-question-1-option-9",
                                                "#marquee-question-3-option-1", "#marquee-question-3-option-3",
                                                "#marquee-question-3-option-1", "#marquee-survey-submit", "#marquee-survey-submit",
                                                "#marquee-survey-done"]))
            }
        }
        let report = try await BrowserHarness.run(pages, in: browser)
        #expect(report.pages.count == pages.count)
        for page in report.pages {
            try #require(page.loaded, "\(page.name): the message did not load")
            #expect(page.missingTaps.isEmpty, "\(page.name): nothing to tap for \(page.missingTaps)")
            let events = try page.events.map { try BridgeMessage(json: $0) }
            #expect(events == [
                .surveyAnswered([SurveyAnswer(questionID: "recommend", value: .score(9)),
                                 SurveyAnswer(questionID: "topics", value: .choices(["range"]))]),
                .closed(.user, optOut: nil),
            ], "\(page.name): nothing for the early submit, the answers once, then the close")
            for control in page.controls where control.name == "card" || control.name == "close" || control.name == "title" {
                #expect(control.visible && control.inside && control.reachable, "\(page.name): \(control.name) at \(control.rect)")
            }
        }
    }

    @Test("markup in questions, choices and the thank-you page is shown as text and never runs")
    func markupInSurveysNeverRuns() async throws {
        let browser = try HeadlessChromium.require()
        let payloads = BrowserLayoutTests.payloads
        let message = Message(kind: .survey, title: payloads[1], body: payloads[0], survey: Survey(questions: [
            SurveyQuestion(id: #""><img src=x onerror="parent.__pwned=1">"#, kind: .singleChoice, prompt: payloads[2] + " %%first_name%%",
                           choices: [SurveyChoice(id: #"a" onclick="parent.__pwned=1"#, label: payloads[3]),
                                     SurveyChoice(id: "b", label: payloads[4])], isRequired: true),
            SurveyQuestion(id: "more", kind: .text, prompt: payloads[4]),
        ], submitLabel: payloads[0], thankYou: SurveyThankYou(title: payloads[3], body: payloads[2])))
        let html = HTMLRenderer(options: RenderOptions(theme: .light, personalization: ["first_name": payloads[2]])).render(message)
        let report = try await BrowserHarness.run([BrowserPage(name: "survey", html: html, width: 390, height: 844,
                                                               taps: ["#marquee-question-1-option-1", "#marquee-survey-submit"])],
                                                  in: browser)
        #expect(report.canaryRan, "the same payloads must run in a page without Marquee's policy, or this test proves nothing")
        #expect(!report.harnessPwned)
        let page = try #require(report.pages.first)
        try #require(page.loaded)
        #expect(!page.pwned, "markup ran script in the message window")
        #expect(page.scriptCount == 1, "only Marquee's bridge may be a script element")
        #expect(page.unexpectedElements.isEmpty, "text became elements: \(page.unexpectedElements)")
        #expect(page.handlerAttributes.isEmpty, "text became event handlers: \(page.handlerAttributes)")
        #expect(page.texts.title == payloads[1])
        let events = try page.events.map { try BridgeMessage(json: $0) }
        #expect(events == [.surveyAnswered([SurveyAnswer(questionID: #""><img src=x onerror="parent.__pwned=1">"#,
                                                         value: .choices([#"a" onclick="parent.__pwned=1"#]))])],
                "the ids travel as data")
    }
}
