import Foundation
import MarqueeModel
import MarqueeRender
import MarqueeTesting
import MarqueeTestSupport
import Testing

/// A carousel in a real browser (headless Chromium): it opens on its first page, the arrows and
/// dots move between pages, the bridge reports each page the first time it shows, a later page's
/// button answers for that page, and page text never runs as script.
@Suite("Carousels in headless Chromium",
       .enabled(if: HeadlessChromium.isEnabled,
                "No Chromium found: install Debian's chromium package or set MARQUEE_CHROMIUM to run these tests"))
struct CarouselBrowserTests {
    @Test("pages move by arrows and dots, each reported once, and the last page's button answers")
    func pagesMoveAndAreReported() async throws {
        let browser = try HeadlessChromium.require()
        var pages: [BrowserPage] = []
        for theme in [Theme.light, .dark] {
            for (screen, size) in [("portrait", ViewportSize.phonePortrait), ("landscape", .phoneLandscape)] {
                let html = HTMLRenderer(options: RenderOptions(theme: theme, personalization: SampleMessages.personalization))
                    .render(SampleMessages.untimed(.carousel))
                // Forward, back by the first dot, forward twice, then the last page's first button.
                pages.append(BrowserPage(name: "\(theme.rawValue) \(screen)", html: html, width: size.width, height: size.height,
                                         taps: ["#marquee-page-next", "#marquee-dot-1", "#marquee-page-next", "#marquee-page-next",
                                                "#marquee-page-3-button-1", "#marquee-close"]))
            }
        }
        let report = try await BrowserHarness.run(pages, in: browser)
        #expect(report.pages.count == pages.count)
        for page in report.pages {
            try #require(page.loaded, "\(page.name): the message did not load")
            #expect(page.missingTaps.isEmpty, "\(page.name): nothing to tap for \(page.missingTaps)")
            #expect(try page.eventsAtLoad.map { try BridgeMessage(json: $0) } == [.pageViewed(index: 0, pageID: "welcome")],
                    "\(page.name): the first page is reported as it shows")
            let events = try page.events.map { try BridgeMessage(json: $0) }
            #expect(events == [.pageViewed(index: 0, pageID: "welcome"), .pageViewed(index: 1, pageID: "lists"),
                               .pageViewed(index: 2, pageID: "done"), .buttonTapped(buttonID: "try", optOut: nil)],
                    "\(page.name): each page once, then the button; the close after it counts for nothing")
            for control in page.controls where control.name == "card" || control.name == "close" {
                #expect(control.visible && control.inside && control.reachable, "\(page.name): \(control.name) at \(control.rect)")
            }
            #expect(page.controls.first { $0.name == "button try" }?.visible == false, "\(page.name): the last page is hidden at first")
        }
    }

    @Test("markup in page text is shown as text and never runs")
    func markupInPagesNeverRuns() async throws {
        let browser = try HeadlessChromium.require()
        let payloads = BrowserLayoutTests.payloads
        let message = Message(kind: .carousel, title: "News", pages: [
            MessagePage(id: "one", title: payloads[1], body: payloads[0] + "\n" + payloads[3]),
            MessagePage(id: "two", title: payloads[2] + " %%first_name%%", body: payloads[4],
                        buttons: [MessageButton(id: #""><img src=x onerror="parent.__pwned=1">"#, text: payloads[4])]),
        ])
        let html = HTMLRenderer(options: RenderOptions(theme: .light, personalization: ["first_name": payloads[2]])).render(message)
        let report = try await BrowserHarness.run([BrowserPage(name: "carousel", html: html, width: 390, height: 844,
                                                               taps: ["#marquee-page-next", "#marquee-page-2-button-1"])], in: browser)
        #expect(report.canaryRan, "the same payloads must run in a page without Marquee's policy, or this test proves nothing")
        #expect(!report.harnessPwned)
        let page = try #require(report.pages.first)
        try #require(page.loaded)
        #expect(!page.pwned, "markup ran script in the message window")
        #expect(page.scriptCount == 1, "only Marquee's bridge may be a script element")
        #expect(page.unexpectedElements.isEmpty, "text became elements: \(page.unexpectedElements)")
        #expect(page.handlerAttributes.isEmpty, "text became event handlers: \(page.handlerAttributes)")
        let events = try page.events.map { try BridgeMessage(json: $0) }
        #expect(events.last == .buttonTapped(buttonID: #""><img src=x onerror="parent.__pwned=1">"#, optOut: nil), "the button still works")
    }
}
