import Foundation
import MarqueeModel
import MarqueeRender
import MarqueeTestSupport
import Testing

/// The App Inbox's HTML pages in headless Chromium: message text never runs as script, and every
/// page shows something.
@Suite struct InboxHTMLBrowserTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let attack = #"<script>document.title='pwned'</script><img src=x onerror="document.title='pwned'">'&"#

    private func message(_ id: String, title: String = attack, body: String = attack, read: Bool = false,
                         buttons: [InboxButton] = []) -> InboxMessage {
        InboxMessage(id: id, content: InboxContent(title: title, body: body, buttons: buttons),
                     deliveredAt: now.addingTimeInterval(-7_200), isRead: read)
    }

    @Test(.enabled(if: HeadlessChromium.isEnabled, "No Chromium found: install Debian's chromium package or set MARQUEE_CHROMIUM"))
    func inABrowserNothingRunsAndEveryPageShowsSomething() async throws {
        let browser = try HeadlessChromium.require()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let renderer = InboxHTMLRenderer(theme: .light)
        let pages: [(String, String)] = [
            ("list", renderer.list(.loaded([message("a", title: "Spring sale " + Self.attack), message("b", read: true)]), now: now)),
            ("empty", renderer.list(.loaded([]), now: now)),
            ("loading", renderer.list(.loading, now: now)),
            ("failed", renderer.list(.failed, now: now)),
            ("detail", renderer.detail(message("a", buttons: [InboxButton(title: "Go", action: InboxAction(.deepLink, url: "shop://x"))]),
                                       now: now)),
        ]
        for (name, html) in pages {
            let file = work.appendingPathComponent("\(name).html")
            try html.write(to: file, atomically: true, encoding: .utf8)
            func directory(_ suffix: String) throws -> URL {
                let url = work.appendingPathComponent("\(name)-\(suffix)")
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                return url
            }
            let dom = try await browser.dumpDOM(of: file, workDirectory: try directory("dom"))
            #expect(!dom.contains("<title>pwned</title>"), "\(name): message text ran as script")
            #expect(!dom.contains("<script") && !dom.contains("<img"), "\(name): text became elements")
            #expect(!name.hasPrefix("list") || dom.contains("&lt;img src=x onerror="), "\(name): the payload shows as text")
            // What a person sees: the page is not blank (white background, dark text or coloured marks).
            let shot = try await browser.screenshot(of: file, width: 390, height: 600, workDirectory: try directory("shot"))
            let background = PNGImage.Pixel(red: 255, green: 255, blue: 255)
            let drawn = shot.pixels.count - shot.count(of: background, tolerance: 24)
            #expect(drawn > 200, "\(name): only \(drawn) pixels differ from the background")
        }
    }
}
