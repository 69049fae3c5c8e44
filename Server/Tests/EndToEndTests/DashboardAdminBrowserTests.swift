import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// The dashboard's audit log and accounts views in headless Chromium against a live server: an
/// administrator reads a campaign edit with its before and after, and manages the team's
/// accounts; anyone else sees neither.
@Suite("Dashboard audit log and accounts in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardAdminBrowserTests {
    static let password = DashboardBrowserTests.password

    struct Account: Decodable {
        var id: String
        var email: String
        var role: String
    }

    struct Accounts: Decodable {
        var items: [Account]
    }

    /// The text of the element with id `id`.
    static func text(of id: String, on page: DevToolsPage) async throws -> String {
        guard case .string(let text) = try await page.evaluate("document.getElementById('\(id)').textContent") else {
            throw TestServerError("no \(id)")
        }
        return text
    }

    @Test func anAdminSeesACampaignEditWithItsBeforeAndAfterInTheAuditLog() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-audit")
            let campaign = try await server.createCampaign(Campaign(id: "", name: "Spring sale", status: .active, message: Message(
                kind: .modal, title: "Ten percent off"), triggers: TriggerSet(triggers: [Trigger(.appStart)])), in: app)
            try await server.createAccount("admin@example.com", role: "admin", password: Self.password)
            // The server's clock stands still unless moved: the edit comes a second later.
            server.clock.advance(by: 1)
            let fragment = "app=\(app.id.uuidString.lowercased())&campaign=\(campaign.id)"

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "admin@example.com") { page in
                try await page.waitUntil("document.getElementById('campaign-title').textContent === 'Spring sale'")
                // Renamed in the editor, as a person would, and saved.
                try await page.evaluate("""
                    (() => { const editor = document.getElementById('campaign-json');
                             const campaign = JSON.parse(editor.value); campaign.name = 'Autumn <b>sale</b>';
                             editor.value = JSON.stringify(campaign, null, 2);
                             editor.dispatchEvent(new Event('input', { bubbles: true })); })()
                    """)
                try await page.click("save")
                // The saved campaign comes back into the editor (the status line may already have
                // moved on to the preview).
                try await page.waitUntil("document.getElementById('campaign-title').textContent === 'Autumn <b>sale</b>'")

                #expect(try await page.evaluate("document.getElementById('view-audit').hidden") == .bool(false), "admins have the tab")
                try await page.click("view-audit")
                try await page.waitUntil("document.body.dataset.audit === 'ready' && !document.getElementById('audit-view').hidden")
                let log = try await Self.text(of: "audit-entries", on: page)
                #expect(log.contains("updated campaign Autumn <b>sale</b>"), "what, in words, names as text: \(log)")
                #expect(log.contains("created campaign Spring sale"))
                #expect(log.contains("created app E2E"))
                #expect(log.contains("admin@example.com (admin)"), "who")
                #expect(log.contains("the admin token"))
                #expect(try await page.evaluate("document.querySelectorAll('#audit-entries b').length") == .number(0))

                // The newest entry opens to show the one field the edit changed.
                guard case .string(let summary) = try await page.evaluate("document.querySelector('#audit-entries summary').id") else {
                    throw TestServerError("no expandable change")
                }
                #expect(try await page.evaluate("document.querySelector('#audit-entries details').open") == .bool(false))
                try await page.click(summary)
                try await page.waitUntil("document.querySelector('#audit-entries details').open")
                let rows = try await page.evaluate("""
                    [...document.querySelectorAll('#audit-entries li:first-child .diff tbody tr')]
                        .map((row) => [...row.children].map((cell) => cell.textContent))
                    """)
                #expect(rows == .array([.array([.string("name"), .string("Spring sale"), .string("Autumn <b>sale</b>")])]),
                        "the changed field with its before and after: \(rows)")

                // The campaign's own history: its creation and the edit, nothing of the app.
                try await page.evaluate("document.body.dataset.audit = ''")
                try await DashboardInboxBrowserTests.choose(campaign.id, in: "audit-scope", on: page)
                try await page.waitUntil("document.body.dataset.audit === 'ready'")
                #expect(try await page.evaluate("document.querySelectorAll('#audit-entries > li').length") == .number(2))
                #expect(try await Self.text(of: "audit-entries", on: page).contains("created app") == false)
                #expect(try await page.evaluate("location.hash") == .string("#\(fragment)&view=audit"))
            }
        }
    }

    @Test func anAdminCreatesAnAccountAndChangesItsRole() async throws {
        try await LiveServer.with { server in
            _ = try await server.createApp(subscriptionID: "dash-accounts")
            try await server.createAccount("admin@example.com", role: "admin", password: Self.password)

            try await DashboardBrowserTests.withSignedInDashboard(server, email: "admin@example.com") { page in
                try await page.click("view-accounts")
                try await page.waitUntil("document.body.dataset.accounts === 'ready' && !document.getElementById('accounts-view').hidden")
                #expect(try await Self.text(of: "accounts-list", on: page).contains("admin@example.com"))

                try await page.type("new@example.com", into: "account-email")
                try await DashboardInboxBrowserTests.choose("viewer", in: "account-role", on: page)
                try await page.type("a long enough password", into: "account-password")
                try await page.click("account-create")
                try await page.waitUntil("document.querySelector('#accounts-list [data-email=\"new@example.com\"]') !== null")
                #expect(try await Self.text(of: "status", on: page) == "Created new@example.com (viewer).")
                guard case .string(let id) = try await page.evaluate(
                    "document.querySelector('#accounts-list [data-email=\"new@example.com\"]').dataset.id") else {
                    throw TestServerError("the new account is not listed")
                }
                #expect(try await page.evaluate("document.getElementById('account-\(id)-role').value") == .string("viewer"))

                try await DashboardInboxBrowserTests.choose("editor", in: "account-\(id)-role", on: page)
                try await page.waitUntil("document.getElementById('status').textContent === 'new@example.com is now editor.'")

                // Demoting the last admin is refused, in the server's words, and the choice goes back.
                guard case .string(let own) = try await page.evaluate(
                    "document.querySelector('#accounts-list [data-email=\"admin@example.com\"]').dataset.id") else {
                    throw TestServerError("the admin is not listed")
                }
                try await DashboardInboxBrowserTests.choose("viewer", in: "account-\(own)-role", on: page)
                try await page.waitUntil("document.getElementById('status').textContent.includes('this is the last admin account')")
                #expect(try await page.evaluate("document.getElementById('account-\(own)-role').value") == .string("admin"))
            }

            let accounts = try MarqueeJSON.decoder().decode(Accounts.self, from: try await server.admin("GET", "api/v1/accounts")).items
            #expect(accounts.first { $0.email == "new@example.com" }?.role == "editor")
            #expect(accounts.first { $0.email == "admin@example.com" }?.role == "admin")
        }
    }

    @Test func aViewerSeesNeitherTheAuditLogNorAccountControls() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-viewer-admin")
            try await server.createAccount("viewer@example.com", role: "viewer", password: Self.password)
            // A deep link to the accounts view opens it without a single control.
            let fragment = "app=\(app.id.uuidString.lowercased())&view=accounts"

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "viewer@example.com") { page in
                try await page.waitUntil("!document.getElementById('accounts-view').hidden")
                for id in ["view-audit", "view-accounts", "account-form", "account-create"] {
                    #expect(try await page.evaluate("getComputedStyle(document.getElementById('\(id)')).display === 'none' || "
                                                    + "document.getElementById('\(id)').offsetParent === null") == .bool(true),
                            "\(id) is not on screen")
                }
                #expect(try await page.evaluate("document.getElementById('account-form').hidden") == .bool(true))
                #expect(try await Self.text(of: "accounts-list", on: page) == "Only administrators manage accounts.")
                #expect(try await page.evaluate("document.querySelectorAll('#accounts-list button, #accounts-list select').length")
                        == .number(0), "no control outside the hidden form")
                #expect(try await page.evaluate("document.getElementById('view-settings').hidden") == .bool(false),
                        "the views a viewer reads stay")
            }
        }
    }
}
