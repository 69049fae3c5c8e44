import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// The dashboard's App Inbox and app settings views in headless Chromium against a live server:
/// composing with a live preview, sending, the figures of sent messages, and identity settings.
@Suite("Dashboard inbox and settings in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardInboxBrowserTests {
    static let password = DashboardBrowserTests.password

    /// The inbox renderer's accent, which fills the detail view's buttons.
    static let inboxAccent = PNGImage.Pixel(red: 0x0A, green: 0x66, blue: 0xFF)

    /// Chooses `value` in the select `id` and tells the page, as picking it would.
    static func choose(_ value: String, in id: String, on page: DevToolsPage) async throws {
        try await page.evaluate("""
            (() => { const s = document.getElementById('\(id)'); s.value = '\(value)';
                     s.dispatchEvent(new Event('change', { bubbles: true })); })()
            """)
    }

    @Test func anEditorComposesPreviewsAndSendsAnInboxMessageWhoseMarkupNeverRuns() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-inbox")
            try await server.createAccount("editor@example.com", role: "editor", password: Self.password)
            let title = #"Your order <img src=x onerror="window.pwned=1"> shipped"#

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1100) { page in
                try await page.click("view-inbox")
                try await page.waitUntil("!document.getElementById('inbox-view').hidden")
                #expect(try await page.evaluate("document.getElementById('campaign-editor').hidden") == .bool(true))
                try await page.type("ada, bob", into: "inbox-users")
                try await page.type(title, into: "inbox-title")
                try await page.type("It arrives on Friday.", into: "inbox-body")
                try await page.click("inbox-add-button")
                try await page.type("Track parcel", into: "inbox-button-0-title")
                try await page.type("https://example.com/track", into: "inbox-button-0-url")
                try await Self.choose("detail", in: "inbox-preview-view", on: page)
                try await page.waitUntil("document.body.dataset.inboxPreview === 'ready'")

                // The detail view's button, painted in the frame, shows the preview is on screen.
                let painted = try await page.pixels(of: Self.inboxAccent, tolerance: 8, wanted: 2_001)
                #expect(painted > 2_000, "\(painted) pixels of the preview's button are visible")

                try await page.click("inbox-send")
                try await page.waitUntil("document.getElementById('status').textContent.includes('Sent to 2 users')")
                let sent = try await page.evaluate("document.getElementById('inbox-messages').textContent")
                guard case .string(let text) = sent else { throw TestServerError("no sent list") }
                #expect(text.contains(title), "the title is shown as text")
                #expect(text.contains("Delivered") && text.contains("Unique readers") && text.contains("Track parcel"))
                #expect(try await page.evaluate("document.querySelectorAll('#inbox-messages img').length") == .number(0))
                #expect(try await page.evaluate("window.pwned === undefined") == .bool(true), "no markup ran")
            }

            let sentMessages = try await server.inboxMessages(app)
            let message = try #require(sentMessages.first)
            #expect(sentMessages.count == 1)
            #expect(message.message.title == title)
            #expect(message.message.buttons == [InboxButton(title: "Track parcel", action: InboxAction(.browser, url: "https://example.com/track"))])
            #expect(message.stats.recipients == 2)
        }
    }

    @Test func anAdminRequiresSignedUserIDsAndRotatesTheSecretFromSettings() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-settings")
            try await server.createAccount("admin@example.com", role: "admin", password: Self.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&view=settings"

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "admin@example.com") { page in
                try await page.waitUntil("!document.getElementById('settings-view').hidden && document.getElementById('settings-name').value === 'E2E'")
                try await page.click("settings-rotate")
                try await page.waitUntil("document.getElementById('settings-secret').textContent.includes('mqi_')")
                try await Self.choose("required", in: "settings-identityVerification", on: page)
                try await DashboardComposerBrowserTests.retype("40", into: "settings-rolloutPercentage", on: page)
                try await page.click("settings-add-cap")
                try await page.waitUntil("document.getElementById('settings-frequencyCaps-0-id') !== null")
                try await page.type("daily", into: "settings-frequencyCaps-0-id")
                try await DashboardComposerBrowserTests.retype("2", into: "settings-frequencyCaps-0-limit", on: page)
                try await page.type("https://shop.example.com\nhttp://localhost:8080", into: "settings-webOrigins")
                try await page.saveScreenshot("settings-form")
                try await page.click("settings-save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Settings saved.'")

                // The app secret is shown once, after a confirmation.
                try await page.evaluate("window.confirm = () => true")
                try await page.click("settings-rotate-app-secret")
                try await page.waitUntil("document.getElementById('settings-app-secret').textContent.includes('shown only now')")
            }

            let settings = try await server.appSettings(app)
            #expect(settings.identityVerification == "required")
            #expect(settings.rolloutPercentage == 40)
            #expect(settings.hasIdentitySecret)
            #expect(settings.pingIntervalSeconds == 3600, "fields the form did not change are kept")
            #expect(settings.frequencyCaps == [FrequencyCap(id: "daily", limit: 2, periodSeconds: 86_400)])
            #expect(settings.webOrigins == ["https://shop.example.com", "http://localhost:8080"])
        }
    }

    @Test func theSettingsFormFlagsMoreWebOriginsThanTheModelAllowsAndShowsTheServersReason() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-origins")
            try await server.createAccount("admin@example.com", role: "admin", password: Self.password)
            let fragment = "app=\(app.id.uuidString.lowercased())&view=settings"

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "admin@example.com") { page in
                try await page.waitUntil("!document.getElementById('settings-view').hidden && document.getElementById('settings-name').value === 'E2E'")
                let many = (1...21).map { "https://shop\($0).example.com" }.joined(separator: "\n")
                try await page.type(many, into: "settings-webOrigins")
                try await page.waitUntil("""
                    document.querySelector('[data-path="webOrigins"] .field-error').textContent === 'at most 20 lines, not 21'
                    """)
                try await DashboardComposerBrowserTests.retype("https://Shop.example.com/", into: "settings-webOrigins", on: page)
                #expect(try await page.evaluate("document.querySelector('[data-path=\"webOrigins\"] .field-error').textContent") == .string(""))
                try await page.click("settings-save")
                try await page.waitUntil("document.getElementById('settings-problems').textContent.includes('webOrigins[0]')")
                let problems = try await page.evaluate("document.getElementById('settings-problems').textContent")
                guard case .string(let text) = problems else { throw TestServerError("no problems shown") }
                #expect(text.contains("no path"), "\(text)")
            }
            #expect(try await server.appSettings(app).webOrigins == [], "nothing was saved")
        }
    }

    @Test func aViewerReadsInboxFiguresAndSettingsButChangesNothing() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-viewer")
            try await server.sendInbox(app, to: ["ada"], title: "Weekly digest")
            try await server.createAccount("viewer@example.com", role: "viewer", password: Self.password)

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())&view=inbox",
                                                                  email: "viewer@example.com") { page in
                try await page.waitUntil("document.getElementById('inbox-messages').textContent.includes('Weekly digest')")
                #expect(try await page.evaluate("document.getElementById('inbox-form').hidden") == .bool(true))
                #expect(try await page.evaluate("document.querySelectorAll('#inbox-messages button').length") == .number(0),
                        "no delete buttons")
                try await page.click("view-settings")
                try await page.waitUntil("document.getElementById('settings-name').value === 'E2E'")
                #expect(try await page.evaluate("document.getElementById('settings-save').disabled") == .bool(true))
                #expect(try await page.evaluate("document.getElementById('settings-rotate').hidden") == .bool(true))
                #expect(try await page.evaluate("location.hash") == .string("#app=\(app.id.uuidString.lowercased())&view=settings"))
            }
        }
    }
}
