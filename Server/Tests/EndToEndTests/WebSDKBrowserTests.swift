import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeTestSupport
import Testing

/// The web SDK in headless Chromium, loaded from a live server into its demo page (`/demo/web`),
/// which allows only the server's own scripts, styles and frames: messages show in frames the
/// server renders, what the user does in them reaches the SDK, and nothing breaks the policy.
@Suite("Web SDK in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct WebSDKBrowserTests {
    /// The frame showing the campaign named `name`, when there is one.
    static func frame(showing name: String) -> String {
        "[...document.querySelectorAll('iframe[data-marquee-campaign]')].find((frame) => frame.title !== '' && window.marqueeDemo.events.includes('display: \(name)'))"
    }

    @Test @MainActor func theDemoPageShowsMessagesInFramesUnderAStrictPolicy() async throws {
        let server = try await LiveServer.start(seedsDemo: true)
        defer { Task { await server.stop() } }
        // The page is this server's own: its origin is the demo app's web origin.
        let apps = try MarqueeJSON.decoder().decode(AppList.self, from: try await server.admin("GET", "api/v1/apps"))
        let demo = try #require(apps.items.first { $0.subscriptionID == DemoSeeder.subscriptionID })
        try await server.admin("PATCH", "api/v1/apps/\(demo.id)", body: ["webOrigins": [server.baseURL.absoluteString]])

        try await Self.withPage(server, path: "demo/web") { page in
            try await page.waitUntil("document.body.dataset.state === 'ready'")
            // The app's start shows the launch message, in a frame whose document the server rendered.
            try await page.waitUntil("document.querySelector('iframe[data-marquee-campaign]') !== null")
            let welcome = try await page.evaluate("document.querySelector('iframe[data-marquee-campaign]').name")
            guard case .string(let welcomeFrame) = welcome else { throw TestServerError("the frame has no name: \(welcome)") }
            try await Self.waitUntil(page, "document.querySelector('#marquee-root') !== null", inFrame: welcomeFrame)
            let title = try await page.evaluate("document.title", inFrame: welcomeFrame)
            #expect(title == .string("Welcome, friend!"))
            // The rest of the page is out of reach while the message covers it.
            #expect(try await page.evaluate("document.querySelector('main').inert") == .bool(true))
            #expect(try await page.evaluate("document.activeElement?.tagName") == .string("IFRAME"), "focus moved into the message")

            // Closing it in its frame reaches the SDK through the bridge: the frame goes, focus and the page come back.
            try await page.evaluate("document.querySelector('[data-marquee-action=\"close\"], #marquee-close, .mq-close').click()", inFrame: welcomeFrame)
            try await page.waitUntil("document.querySelector('iframe[data-marquee-campaign]') === null")
            try await page.waitUntil("window.marqueeDemo.events.includes('close: Welcome to Marquee (dismissed)')")
            #expect(try await page.evaluate("document.querySelector('main').inert") == .bool(false))

            // A route change keeps the page (a single-page app's navigation), and an event shows its campaign.
            try await page.click("level-up")
            try await page.waitUntil("window.marqueeDemo.events.includes('display: [game] Level up')")
            try await page.waitUntil("document.querySelector('iframe[data-marquee-campaign]') !== null")
            let levelUp = try await page.evaluate("document.querySelector('iframe[data-marquee-campaign]').name")
            guard case .string(let levelUpFrame) = levelUp else { throw TestServerError("the frame has no name: \(levelUp)") }
            try await Self.waitUntil(page, "document.querySelector('[data-marquee-action]') !== null", inFrame: levelUpFrame)
            // On screen, not only in the DOM: the message's background covers most of the viewport.
            let background = try await page.pixels(of: PNGImage.Pixel(red: 0x31, green: 0x2E, blue: 0x81), wanted: 400_000)
            #expect(background >= 400_000, "the full-screen message is drawn (\(background) pixels of its background)")
            try await page.saveScreenshot("web-sdk-demo-level-up")
            try await page.evaluate("document.querySelector('[data-marquee-action=\"button\"]').click()", inFrame: levelUpFrame)
            try await page.waitUntil("window.marqueeDemo.events.some((line) => line.startsWith('close: [game] Level up (buttonClick)'))")

            #expect(try await page.evaluate("JSON.stringify(window.marqueeDemo.violations)") == .string("[]"),
                    "the SDK needs no exception in the page's policy")
            #expect(try await page.evaluate("window.marqueeDemo.events.filter((line) => line.startsWith('problem')).join('\\n')") == .string(""))
        }
    }

    /// The script build with the snippet's stub: calls queued before it loaded run once it has,
    /// and it finds the message UI beside itself.
    @Test @MainActor func theScriptBuildRunsWhatTheSnippetQueued() async throws {
        let server = try await LiveServer.start(seedsDemo: true)
        defer { Task { await server.stop() } }
        let apps = try MarqueeJSON.decoder().decode(AppList.self, from: try await server.admin("GET", "api/v1/apps"))
        let demo = try #require(apps.items.first { $0.subscriptionID == DemoSeeder.subscriptionID })
        try await server.admin("PATCH", "api/v1/apps/\(demo.id)", body: ["webOrigins": [server.baseURL.absoluteString]])

        try await Self.withPage(server, path: "demo/web?loader=script") { page in
            try await page.waitUntil("document.body.dataset.state === 'ready'")
            try await page.waitUntil("window.marqueeDemo.events.includes('the snippet\\'s queued listener heard a display')")
            try await page.waitUntil("document.querySelector('iframe[data-marquee-campaign]') !== null")
            #expect(try await page.evaluate("typeof window.Marquee.init === 'function' && !('q' in window.Marquee)") == .bool(true))
            #expect(try await page.evaluate("JSON.stringify(window.marqueeDemo.violations)") == .string("[]"))
        }
    }

    /// axe-core finds nothing on the page, nor in the frame of any kind the demo app shows on the
    /// web (modal, full screen, image, video, HTML), each checked as it is on screen.
    @Test(.enabled(if: AxeCore.isEnabled, "needs axe-core: \(AxeCore.installHint)"))
    @MainActor func everyKindTheDemoShowsPassesAxe() async throws {
        let axe = try AxeCore.source()
        let server = try await LiveServer.start(seedsDemo: true)
        defer { Task { await server.stop() } }
        let apps = try MarqueeJSON.decoder().decode(AppList.self, from: try await server.admin("GET", "api/v1/apps"))
        let demo = try #require(apps.items.first { $0.subscriptionID == DemoSeeder.subscriptionID })
        try await server.admin("PATCH", "api/v1/apps/\(demo.id)", body: ["webOrigins": [server.baseURL.absoluteString]])
        let run = "axe.run(document, { resultTypes: ['violations'] }).then((result) => JSON.stringify(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)))"

        try await Self.withPage(server, path: "demo/web") { page in
            try await page.waitUntil("document.body.dataset.state === 'ready'")
            // Each campaign's event, then its frame checked and closed; the launch message first.
            for (event, name) in [(nil, "Welcome to Marquee"), ("open-gallery", "Gallery highlight"), ("level-up", "[game] Level up"),
                                  ("watch-intro", "Intro video"), ("open-promo", "Spring promo")] {
                if let event { try await page.click(event) }
                try await page.waitUntil("window.marqueeDemo.events.includes('display: \(name)')")
                try await page.waitUntil("document.querySelector('iframe[data-marquee-campaign]') !== null")
                guard case .string(let frame) = try await page.evaluate("document.querySelector('iframe[data-marquee-campaign]').name") else {
                    throw TestServerError("the frame of \(name) has no name")
                }
                try await Self.waitUntil(page, "document.querySelector('#marquee-root') !== null", inFrame: frame)
                try await page.evaluate(axe, inFrame: frame)
                let found = try await page.evaluate(run, inFrame: frame)
                #expect(found == .string("[]"), "axe-core in the frame of \(name): \(found)")
                try await page.evaluate("document.querySelector('[data-marquee-action=\"close\"]').click()", inFrame: frame)
                try await page.waitUntil("document.querySelector('iframe[data-marquee-campaign]') === null")
            }
            try await page.evaluate(axe)
            let found = try await page.evaluate(run)
            #expect(found == .string("[]"), "axe-core on the demo page: \(found)")
            #expect(try await page.evaluate("JSON.stringify(window.marqueeDemo.violations)") == .string("[]"))
        }
    }

    struct AppList: Decodable {
        struct App: Decodable {
            var id: UUID
            var subscriptionID: String
        }

        var items: [App]
    }

    /// Waits until `condition` holds in the frame named `frame`.
    @MainActor
    static func waitUntil(_ page: DevToolsPage, _ condition: String, inFrame frame: String) async throws {
        for _ in 0..<300 {
            if (try? await page.evaluate("Boolean(\(condition))", inFrame: frame)) == .bool(true) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestServerError("the frame \(frame) never had \(condition)")
    }

    /// Opens `path` of `server` in a fresh browser (reduced motion: every entrance at its last frame).
    @MainActor
    static func withPage(_ server: LiveServer, path: String, _ body: @MainActor (DevToolsPage) async throws -> Void) async throws {
        await TestSlots.browsers.acquire()
        defer { Task { await TestSlots.browsers.release() } }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("web-sdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let browser = try await HeadlessChromium.require().launchWithDevTools(workDirectory: work, width: 1000, height: 800)
        do {
            let page = try await DevToolsPage.open(in: browser)
            try await page.send("Emulation.setEmulatedMedia", ["features": .array([
                .object(["name": .string("prefers-reduced-motion"), "value": .string("reduce")])])])
            try await page.load(try #require(URL(string: server.baseURL.absoluteString + "/" + path)))
            try await body(page)
            await page.close()
        } catch {
            await browser.stop()
            throw error
        }
        await browser.stop()
    }
}
