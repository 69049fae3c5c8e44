import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeTestSupport
import Testing

/// The dashboard's webhooks view in headless Chromium against a live server: an administrator sees
/// an endpoint the server disabled after a day of failures in a red banner, reads its delivery log
/// with each attempt's status, resumes it, redelivers a batch, and makes a new endpoint whose
/// secret shows once.
@Suite("Dashboard webhooks in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardWebhooksBrowserTests {
    /// `--danger` in dashboard.css: the banner's border and words.
    static let danger = PNGImage.Pixel(red: 0xB4, green: 0x23, blue: 0x18)

    @Test func anAdminSeesADisabledEndpointResumesItAndRedelivers() async throws {
        try await WebhookReceiver.with { receiver in
            try await LiveServer.with(allowsPrivateWebhookURLs: true) { server in
                let app = try await server.createApp(subscriptionID: "dash-hooks")
                try await server.createAccount("admin@example.com", role: "admin", password: DashboardBrowserTests.password)
                struct NewWebhook: Encodable { var url: String }
                let made = try JSONSerialization.jsonObject(with: try await server.admin(
                    "POST", "api/v1/apps/\(app.id.uuidString.lowercased())/webhooks", body: NewWebhook(url: receiver.url))) as? [String: Any]
                let webhook = try #require(made?["id"] as? String)
                // Its first event: a campaign made after the endpoint. The receiver is down for a day.
                receiver.answer(.serviceUnavailable)
                _ = try await server.createCampaign(CampaignDraft.make("Spring sale"), in: app)
                for _ in 0..<50 {
                    try await server.app.marquee.webhooks.round()
                    server.clock.advance(by: 1_800)
                }
                let fragment = "app=\(app.id.uuidString.lowercased())&view=webhooks"

                try await DashboardBrowserTests.withSignedInDashboard(server, fragment: fragment, email: "admin@example.com") { page in
                    try await page.waitUntil("document.body.dataset.webhooks === 'ready' && !document.getElementById('webhooks-view').hidden")
                    #expect(try await page.evaluate("document.getElementById('view-webhooks').hidden") == .bool(false), "admins have the tab")
                    let banner = try await DashboardAdminBrowserTests.text(of: "webhooks-banner", on: page)
                    #expect(banner.contains(receiver.url) && banner.contains("disabled after a day of failed deliveries"), "\(banner)")
                    #expect(try await page.pixels(of: Self.danger, tolerance: 16, wanted: 400) >= 400, "the banner is painted red")
                    let log = try await DashboardAdminBrowserTests.text(of: "webhook-deliveries", on: page)
                    #expect(log.contains("1 event") && log.contains("waiting") && log.contains("last 503 in"), "\(log)")

                    // Resumed with the receiver back: the waiting delivery goes, and the log says so.
                    receiver.answer(.ok)
                    try await page.evaluate("document.body.dataset.webhooks = ''")
                    try await page.click("webhook-\(webhook)-resume")
                    try await page.waitUntil("document.body.dataset.webhooks === 'ready'")
                    #expect(try await DashboardAdminBrowserTests.text(of: "webhooks-banner", on: page).isEmpty)
                    try await server.app.marquee.webhooks.round()
                    #expect(receiver.received.last?.answered == .ok)
                    try await page.click("webhook-\(webhook)-deliveries")
                    try await page.waitUntil("document.querySelector('#webhook-deliveries li')?.dataset.state === 'delivered'")

                    // Redelivered: a new delivery waits at the top of the log.
                    guard case .string(let redeliver) = try await page.evaluate("document.querySelector('#webhook-deliveries button').id") else {
                        throw TestServerError("no redeliver button")
                    }
                    try await page.click(redeliver)
                    try await page.waitUntil("document.querySelectorAll('#webhook-deliveries li').length === 2")
                    #expect(try await page.evaluate("document.querySelector('#webhook-deliveries li').dataset.state") == .string("waiting"))

                    // A new endpoint, limited to clicks: its secret shows once.
                    try await page.type(receiver.url + "?second", into: "webhook-url")
                    try await page.evaluate("document.querySelector('#webhook-types input[value=click]').click()")
                    try await page.evaluate("document.body.dataset.webhooks = ''")
                    try await page.evaluate("document.querySelector('#webhook-form button[type=submit]').click()")
                    try await page.waitUntil("document.body.dataset.webhooks === 'ready'")
                    #expect(try await DashboardAdminBrowserTests.text(of: "webhook-secret", on: page).contains("whsec_"))
                    #expect(try await page.evaluate("document.querySelectorAll('.webhook-row').length") == .number(2))
                    #expect(try await DashboardAdminBrowserTests.text(of: "webhooks-list", on: page).contains("click"))
                }
            }
        }
    }
}
