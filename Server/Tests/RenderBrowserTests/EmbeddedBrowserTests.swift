import Foundation
import MarqueeModel
import MarqueeRender
import MarqueeTesting
import MarqueeTestSupport
import Testing

/// Embedded content in a real browser (headless Chromium): the card fills its place's width,
/// has no close control or scrim, reports its height for the view that holds it, and reports
/// every tap, since it stays in its place.
@Suite("Embedded content in headless Chromium",
       .enabled(if: HeadlessChromium.isEnabled,
                "No Chromium found: install Debian's chromium package or set MARQUEE_CHROMIUM to run these tests"))
struct EmbeddedBrowserTests {
    @Test("the card fills its place, reports its height and every tap")
    func theCardFillsItsPlace() async throws {
        let browser = try HeadlessChromium.require()
        var message = SampleMessages.message(.modal)
        message.contentAction = nil
        #expect(message.showsOptOut, "the sample asks for an opt-out box, which embedded content leaves out")
        var pages: [BrowserPage] = []
        for theme in [Theme.light, .dark] {
            var options = RenderOptions(theme: theme, personalization: SampleMessages.personalization)
            options.embedding = Embedding(placement: "home.top")
            pages.append(BrowserPage(name: theme.rawValue, html: HTMLRenderer(options: options).render(message), width: 360, height: 700,
                                     taps: ["#marquee-button-1", "#marquee-button-2", "#marquee-button-1"]))
        }
        let report = try await BrowserHarness.run(pages, in: browser)
        #expect(report.pages.count == 2)
        for page in report.pages {
            try #require(page.loaded, "\(page.name): the content did not load")
            #expect(page.missingTaps.isEmpty)
            #expect(!page.controls.contains { $0.name == "close" || $0.name == "opt-out" },
                    "\(page.name): embedded content has no close control and no opt-out box, though the message asks for one")
            let card = try #require(page.controls.first { $0.name == "card" })
            #expect(card.rect.x == 0 && card.rect.width == 360, "\(page.name): the card fills the width: \(card.rect)")
            #expect(card.visible && card.reachable)
            let events = try page.events.map { try BridgeMessage(json: $0) }
            let sizes = events.compactMap { if case .resized(let height) = $0 { height } else { nil } }
            #expect(sizes.last == card.rect.height.rounded(.up), "\(page.name): the height reported is the card's: \(sizes)")
            let taps = events.filter(\.isResolution)
            #expect(taps == [.buttonTapped(buttonID: "shop", optOut: nil), .buttonTapped(buttonID: "later", optOut: nil),
                             .buttonTapped(buttonID: "shop", optOut: nil)], "\(page.name): every tap is reported")
        }
    }
}
