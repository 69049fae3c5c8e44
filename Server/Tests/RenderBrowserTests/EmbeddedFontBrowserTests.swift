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

    /// Renders `message` (with `fonts`) in a frame, waits for its fonts, and reports each font
    /// face's status and the width of the title's text.
    static func measure(_ message: Message, fonts: [EmbeddedFont], in browser: HeadlessChromium) async throws -> (faces: [String], width: Double) {
        var options = RenderOptions(theme: .light, viewport: ViewportSize(width: 600, height: 800))
        options.embeddedFonts = fonts
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try HTMLRenderer(options: options).render(message).write(to: directory.appendingPathComponent("message.html"), atomically: true, encoding: .utf8)
        let harness = """
            <!DOCTYPE html><html><body>
            <iframe id="message" src="message.html" style="width: 600px; height: 800px; border: 0"></iframe>
            <div id="result"></div>
            <script>
            document.getElementById("message").addEventListener("load", async () => {
              const page = document.getElementById("message").contentDocument;
              await page.fonts.ready;
              const faces = [...page.fonts].map((face) => `${face.family.replace(/"/g, "")}:${face.status}`);
              const text = page.createRange();
              text.selectNodeContents(page.getElementById("marquee-title"));
              const width = text.getBoundingClientRect().width;
              document.getElementById("result").setAttribute("data-result", JSON.stringify({ faces, width }));
            });
            </script>
            </body></html>
            """
        let harnessURL = directory.appendingPathComponent("harness.html")
        try harness.write(to: harnessURL, atomically: true, encoding: .utf8)
        let dom = try await browser.dumpDOM(of: harnessURL, workDirectory: directory)
        struct Result: Decodable { var faces: [String]; var width: Double }
        let start = try #require(dom.range(of: "data-result=\""), "the harness wrote a result: \(dom.prefix(1_000))")
        let end = try #require(dom[start.upperBound...].firstIndex(of: "\""))
        let json = dom[start.upperBound..<end].replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let result = try JSONDecoder().decode(Result.self, from: Data(json.utf8))
        return (result.faces, result.width)
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
