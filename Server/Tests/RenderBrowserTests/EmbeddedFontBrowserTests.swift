import Foundation
import MarqueeModel
import MarqueeRender
import MarqueeTestSupport
import Testing

/// An app's bundled font in a real browser (headless Chromium): the page carries the font file,
/// its Content-Security-Policy lets it load, and the title is drawn with it, not the system font.
@Suite("Bundled fonts in headless Chromium",
       .enabled(if: HeadlessChromium.isEnabled,
                "No Chromium found: install Debian's chromium package or set MARQUEE_CHROMIUM to run these tests"))
struct EmbeddedFontBrowserTests {
    /// A monospaced TrueType file of the machine's (Chromium's packages bring some), standing in
    /// for an app's brand font: its text is measurably wider than the system font's.
    static func monospacedFont() throws -> Data {
        let files = FileManager.default.enumerator(atPath: "/usr/share/fonts")?.compactMap { $0 as? String } ?? []
        let file = try #require(files.sorted().first { $0.hasSuffix(".ttf") && $0.contains("Mono") && !$0.contains("Bold") },
                                "a monospaced TrueType font under /usr/share/fonts")
        return try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts").appendingPathComponent(file))
    }

    /// Renders `message` (with `fonts`), waits for its fonts, and reports each font face's status
    /// and the width of the title's text.
    static func measure(_ message: Message, fonts: [EmbeddedFont], in browser: HeadlessChromium) async throws -> (faces: [String], width: Double) {
        var options = RenderOptions(theme: .light, viewport: ViewportSize(width: 600, height: 800))
        options.embeddedFonts = fonts
        struct Measured: Decodable { var faces: [String]; var width: Double }
        let measured = try await FramedPage.run(HTMLRenderer(options: options).render(message), script: """
            await page.fonts.ready;
            const text = page.createRange();
            text.selectNodeContents(page.getElementById("marquee-title"));
            return { faces: [...page.fonts].map((face) => `${face.family.replace(/"/g, "")}:${face.status}`),
                     width: text.getBoundingClientRect().width };
            """, in: browser, as: Measured.self)
        return (measured.faces, measured.width)
    }

    @Test("the title is drawn in the app's bundled font")
    func theTitleIsDrawnInTheBundledFont() async throws {
        let browser = try HeadlessChromium.require()
        let font = try #require(EmbeddedFont(family: "Brand Mono", data: try Self.monospacedFont()))
        var message = Message(kind: .modal, title: "Illuminating offers")
        message.appearance.titleFont = "Brand Mono"

        let embedded = try await Self.measure(message, fonts: [font], in: browser)
        #expect(embedded.faces == ["Brand Mono:loaded"], "the policy lets the page's own font load")
        let fallback = try await Self.measure(message, fonts: [], in: browser)
        #expect(fallback.faces.isEmpty)
        #expect(abs(embedded.width - fallback.width) > 10,
                "the title is drawn in the bundled font (\(embedded.width) px), not the system's (\(fallback.width) px)")
    }
}
