import Foundation
import Synchronization
import MarqueeModel
@testable import MarqueeServer
import MarqueeTestSupport
import Testing

/// Signs in to the dashboard in headless Chromium against a live server, through its real form
/// (typed and clicked over the DevTools protocol), and reads what it shows.
@Suite("Dashboard in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardBrowserTests {
    static let password = "correct horse battery"

    /// Opens the dashboard at `/dashboard#fragment` in a fresh browser, signs in as `email` with
    /// the form, waits until the dashboard is ready, and runs `body` with the page.
    @MainActor
    static func withSignedInDashboard(_ server: LiveServer, fragment: String = "", email: String,
                                      password: String = DashboardBrowserTests.password,
                                      width: Int = 1280, height: Int = 1024,
                                      _ body: @MainActor (DevToolsPage) async throws -> Void) async throws {
        try await withDashboard(server, fragment: fragment, width: width, height: height) { page in
            try await signIn(page, email: email, password: password)
            try await page.waitUntil("document.body.dataset.state === 'ready'")
            try await body(page)
        }
    }

    /// Types the credentials into the sign-in form and presses its button.
    static func signIn(_ page: DevToolsPage, email: String, password: String) async throws {
        try await page.waitUntil("document.body.dataset.state === 'signed-out'")
        try await page.type(email, into: "email")
        try await page.type(password, into: "password")
        try await page.click("sign-in-submit")
    }

    /// Opens the dashboard signed out, in a browser of its own, once a browser slot is free.
    @MainActor
    static func withDashboard(_ server: LiveServer, fragment: String = "", width: Int = 1280, height: Int = 1024,
                              _ body: @MainActor (DevToolsPage) async throws -> Void) async throws {
        await TestSlots.browsers.acquire()
        do {
            try await inBrowser(server, fragment: fragment, width: width, height: height, body)
        } catch {
            await TestSlots.browsers.release()
            throw error
        }
        await TestSlots.browsers.release()
    }

    @MainActor
    private static func inBrowser(_ server: LiveServer, fragment: String, width: Int, height: Int,
                                  _ body: @MainActor (DevToolsPage) async throws -> Void) async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let browser = try await HeadlessChromium.require().launchWithDevTools(workDirectory: work, width: width, height: height)
        do {
            let page = try await DevToolsPage.open(in: browser)
            // The final frame of every entrance animation, at once.
            try await page.send("Emulation.setEmulatedMedia", ["features": .array([
                .object(["name": .string("prefers-reduced-motion"), "value": .string("reduce")])])])
            let url = try #require(URL(string: server.baseURL.absoluteString + "/dashboard#" + fragment))
            try await page.load(url)
            try await body(page)
            // What the test left on screen, kept as an artifact of the run.
            try await page.saveScreenshot(Self.artifactName())
            await page.close()
        } catch {
            await browser.stop()
            throw error
        }
        await browser.stop()
    }

    private static let screenshotCount = Mutex(0)

    /// The current test's name and a number, unique within the run (parameterized tests run one
    /// case after another under the same name).
    static func artifactName() -> String {
        let number = screenshotCount.withLock { count in
            count += 1
            return count
        }
        return "\(Test.current?.name ?? "dashboard")-\(number)"
    }

    @Test func aDeepLinkOpensTheCampaignWithItsStatsAndPreviewAfterSigningIn() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-app")
            var campaign = Campaign(id: "", name: "Spring <sale>", status: .active, message: Message(
                kind: .modal, title: "Welcome back", body: "Ten percent off", buttons: [MessageButton(id: "ok", text: "Shop now")]),
                triggers: TriggerSet(triggers: [Trigger(.appStart)]))
            let saved = try await server.createCampaign(campaign, in: app)
            campaign.name = "Second"
            _ = try await server.createCampaign(campaign, in: app)
            try await server.createAccount("editor@example.com", role: "editor", password: Self.password)

            try await Self.withSignedInDashboard(server, fragment: "app=\(app.id)&campaign=\(saved.id)", email: "editor@example.com") { page in
                try await page.waitUntil("document.body.dataset.preview === 'ready'")
                let dom = try await page.dom()
                #expect(dom.contains("dash-app"), "the app is listed")
                #expect(dom.contains("Spring &lt;sale&gt;"), "campaign names are shown as text")
                #expect(!dom.contains("Spring <sale>"))
                #expect(dom.contains("Second"))
                #expect(dom.contains("Shows on every RInAppMessaging client"))
                #expect(dom.contains("Impressions"), "the stats panel is filled")
                #expect(dom.contains("editor@example.com · editor"), "who is signed in")
                #expect(dom.contains(#"action="/api/v1/preview/frame""#), "the preview is a page of its own, not a srcdoc")
                #expect(!dom.contains(Self.password), "the password field is emptied")
                #expect(try await page.evaluate("location.hash") == .string("#app=\(app.id.uuidString.lowercased())&campaign=\(saved.id)"),
                        "the deep link survives signing in")
                #expect(try await page.evaluate("document.cookie") == .string(""), "scripts cannot read the session cookie")
                #expect(try await page.evaluate("document.getElementById('save').hidden") == .bool(false), "editors edit campaigns")
                #expect(try await page.evaluate("document.getElementById('new-app-form').hidden") == .bool(true), "only admins add apps")
            }
        }
    }

    /// Figures the server cannot read now (its admin lane busy) say so in their own section with a
    /// retry; the status line keeps what the editor did.
    @Test func figuresThatCannotBeReadSaySoBesideAStillSuccessfulSave() async throws {
        let databasePath = FileManager.default.temporaryDirectory
            .appendingPathComponent("marquee-e2e-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: databasePath) }
        // Long enough for the page's two figure reads to take turns once the lane is free, however
        // loaded the machine; short enough that waiting behind the held lane gives up soon.
        var lane = AdminLaneLimits()
        lane.budget = .seconds(120)
        lane.queueWait = .seconds(5)
        try await LiveServer.with(storage: .sqliteFile(databasePath), adminLane: lane) { server in
            let app = try await server.createApp(subscriptionID: "dash-figures")
            let saved = try await server.createCampaign(Campaign(id: "", name: "Launch", status: .draft, message: Message(
                kind: .modal, title: "Welcome back", body: "Ten percent off"), triggers: TriggerSet(triggers: [Trigger(.appStart)])), in: app)
            try await server.createAccount("editor@example.com", role: "editor", password: Self.password)

            // A long count holds the lane's one place.
            let (gate, opening) = AsyncStream<Void>.makeStream()
            defer { opening.finish() }
            let (started, starting) = AsyncStream<Void>.makeStream()
            let count = Task { [app = server.app] in
                try await app.marquee.adminLane.run(logger: app.logger, on: app.eventLoopGroup.any()) { _ in
                    starting.yield()
                    for await _ in gate {}
                }
            }
            var iterator = started.makeAsyncIterator()
            _ = await iterator.next()

            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(saved.id)"
            // The figures have failed once the page's `n`th read of the statistics has answered.
            func failed(afterRead n: Int) -> String {
                """
                document.body.dataset.figures === 'failed'
                  && performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/stats')).length >= \(n)
                """
            }
            try await Self.withSignedInDashboard(server, fragment: fragment, email: "editor@example.com") { page in
                try await page.waitUntil(failed(afterRead: 1))
                #expect(try await page.evaluate("document.getElementById('figures-error').hidden") == .bool(false))
                #expect(try await page.evaluate("document.getElementById('figures-error-text').textContent.includes('retry shortly')")
                        == .bool(true))
                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")
                try await page.waitUntil(failed(afterRead: 2))
                #expect(try await page.evaluate("document.getElementById('status').textContent") == .string("Saved."))
                #expect(try await page.evaluate("document.getElementById('status').classList.contains('error')") == .bool(false))
                try await page.evaluate("document.getElementById('figures').scrollIntoView({ block: 'start', behavior: 'instant' })")
                try await page.saveScreenshot("dashboard-figures-unreadable")

                opening.finish()
                try await count.value
                try await page.click("figures-retry")
                try await page.waitUntil("document.body.dataset.figures === 'ready'")
                #expect(try await page.evaluate("document.getElementById('figures-error').hidden") == .bool(true))
                #expect(try await page.evaluate("document.getElementById('stats').textContent.includes('Impressions')") == .bool(true))
            }
        }
    }

    /// The compatibility line names what each RInAppMessaging client does with the campaign, and
    /// it is on screen: the element at the line's own centre is the line.
    @Test func theCompatibilityLineSpeaksOfEachRInAppMessagingClient() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-clients")
            let primer = Campaign(id: "", name: "Notifications", status: .active, message: Message(
                kind: .modal, title: "Stay in the loop", buttons: [MessageButton(id: "allow", text: "Allow", action: MessageAction(.pushPrimer))]),
                triggers: TriggerSet(triggers: [Trigger(.custom, name: "searched", conditions: [
                    AttributeCondition(name: "query", type: .string, operator: .matchesRegex, value: "^shoe")])]))
            let saved = try await server.createCampaign(primer, in: app)
            try await server.createAccount("viewer@example.com", role: "viewer", password: Self.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(saved.id)"
            try await Self.withSignedInDashboard(server, fragment: fragment, email: "viewer@example.com") { page in
                try await page.waitUntil("document.getElementById('capabilities').textContent.startsWith('On RInAppMessaging')")
                let line = try await page.evaluate("document.getElementById('capabilities').textContent")
                #expect(line == .string("On RInAppMessaging clients: iOS shows it only in apps with Rakuten's RMC module "
                                        + "(a push-primer button). Android matches each pattern against the whole value, case-sensitively."))
                let onScreen = try await page.evaluate("""
                    (() => { const line = document.getElementById('capabilities'); const box = line.getBoundingClientRect();
                      return box.width > 0 && box.height > 0 && box.bottom <= innerHeight
                        && document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === line; })()
                    """)
                #expect(onScreen == .bool(true), "the line is visible, not hidden or covered")
            }
        }
    }

    /// The colour the previewed messages are painted in, found again in the screenshot.
    static let marker = PNGImage.Pixel(red: 0xC2, green: 0x18, blue: 0x7A)

    @Test(arguments: [MessageKind.slideUp, .modal, .banner])
    func thePreviewShowsTheMessageOnScreen(_ kind: MessageKind) async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-preview")
            let campaign = Campaign(id: "", name: "Painted", status: .draft, message: Message(
                kind: kind, title: "Free shipping today", body: "On every order",
                colors: MessageColors(background: HexColor("#C2187A")!, frame: HexColor("#C2187A")!)),
                triggers: TriggerSet(triggers: [Trigger(.appStart)]))
            let saved = try await server.createCampaign(campaign, in: app)
            try await server.createAccount("viewer@example.com", role: "viewer", password: Self.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(saved.id)"

            try await Self.withSignedInDashboard(server, fragment: fragment, email: "viewer@example.com", width: 1400, height: 1000) { page in
                try await page.waitUntil("document.body.dataset.preview === 'ready'")
                // The message's own background, painted by the preview page, is what shows it is on
                // screen; the frame paints shortly after its load event.
                let painted = try await page.pixels(of: Self.marker, wanted: 2_001)
                #expect(painted > 2_000, "\(kind.rawValue): \(painted) pixels of the message's background are visible")

                // On a tablet the frame is laid out at the tablet's width and scaled into the panel.
                try await DashboardInboxBrowserTests.choose("tablet", in: "device-size", on: page)
                #expect(try await page.evaluate("document.getElementById('preview-frame').style.width") == .string("820px"))
                #expect(try await page.evaluate("document.getElementById('preview-frame').getBoundingClientRect().width <= document.getElementById('preview-stage').clientWidth + 1") == .bool(true))
                let onTablet = try await page.pixels(of: Self.marker, wanted: 1_001)
                #expect(onTablet > 1_000, "\(kind.rawValue) on a tablet: \(onTablet) pixels")
            }
        }
    }

    @Test func theDashboardFitsAPhoneScreen() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "phone-app")
            let saved = try await server.createCampaign(Campaign(id: "", name: "Spring sale with a rather long name", status: .active,
                message: Message(kind: .modal, title: "Hello"), triggers: TriggerSet(triggers: [Trigger(.appStart)])), in: app)
            try await server.createAccount("editor@example.com", role: "editor", password: Self.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(saved.id)"

            try await Self.withSignedInDashboard(server, fragment: fragment, email: "editor@example.com", width: 390, height: 844) { page in
                try await page.send("Emulation.setDeviceMetricsOverride", ["width": .number(390), "height": .number(844),
                                                                           "deviceScaleFactor": .number(1), "mobile": .bool(true)])
                for view in ["campaigns", "inbox", "tester", "settings"] {
                    try await page.click("view-\(view)")
                    try await page.waitUntil("document.getElementById('view-\(view)').getAttribute('aria-selected') === 'true'")
                    let overflowing = try await page.evaluate("""
                        [...document.querySelectorAll('.bar, .bar > *, .panel')].filter((node) => node.offsetParent !== null
                          && node.getBoundingClientRect().right > 391).map((node) => node.id || node.className)
                        """)
                    #expect(overflowing == .array([]), "\(view): nothing is wider than the phone's screen")
                }
            }
        }
    }

    @Test func aViewerSeesNoWriteControls() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "viewer-app")
            _ = try await server.createCampaign(Campaign(id: "", name: "Read me", status: .active, message: Message(
                kind: .modal, title: "Hello"), triggers: TriggerSet(triggers: [Trigger(.appStart)])), in: app)
            try await server.createAccount("viewer@example.com", role: "viewer", password: Self.password)

            try await Self.withSignedInDashboard(server, email: "viewer@example.com") { page in
                let dom = try await page.dom()
                #expect(dom.contains("viewer-app"))
                #expect(dom.contains("Read me"))
                for id in ["new-campaign", "save", "activate", "pause", "archive", "delete", "new-app-form", "send-to-tester", "bulk-actions"] {
                    #expect(try await page.evaluate("document.getElementById('\(id)').hidden") == .bool(true), "\(id) is hidden")
                    #expect(try await page.evaluate("getComputedStyle(document.getElementById('\(id)')).display") == .string("none"),
                            "\(id) is not on screen")
                }
                #expect(try await page.evaluate("document.getElementById('campaign-json').readOnly") == .bool(true))
                #expect(try await page.evaluate("document.querySelectorAll('#composer input, #composer select, #composer textarea').length > 10")
                        == .bool(true), "the form shows the campaign")
                #expect(try await page.evaluate("""
                    [...document.querySelectorAll('#composer input, #composer select, #composer textarea')].every((field) => field.disabled)
                      && [...document.querySelectorAll('#composer button')].every((button) => button.hidden)
                    """) == .bool(true), "and changes nothing")
            }
        }
    }

    @Test func aWrongPasswordKeepsTheFormAndSigningOutEndsTheSession() async throws {
        try await LiveServer.with { server in
            try await server.createAccount("admin@example.com", role: "admin", password: Self.password)
            try await Self.withDashboard(server) { page in
                try await Self.signIn(page, email: "admin@example.com", password: "not the right one")
                try await page.waitUntil("document.getElementById('status').textContent.includes('the email or the password is wrong')")
                #expect(try await page.evaluate("document.body.dataset.state") == .string("signed-out"))

                try await page.evaluate("document.getElementById('email').value = ''; document.getElementById('password').value = ''")
                try await Self.signIn(page, email: "admin@example.com", password: Self.password)
                try await page.waitUntil("document.body.dataset.state === 'ready'")
                #expect(try await page.evaluate("document.getElementById('new-app-form').hidden") == .bool(false), "admins add apps")

                try await page.click("sign-out")
                try await page.waitUntil("document.body.dataset.state === 'signed-out'")
                // Reloading finds no session: it ended on the server, not only in the page.
                try await page.evaluate("window.beforeReload = true; location.reload()")
                try await page.waitUntil("!window.beforeReload && document.body.dataset.state === 'signed-out'")
            }
        }
    }
}
