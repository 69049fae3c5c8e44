import Foundation
import Marquee
import MarqueeModel
import MarqueeTestSupport
import Testing

/// An A/B test set up in the composer of headless Chromium: weights, a control group, a variant
/// with its own message (previewed on screen) and a goal; then devices running the SDK see their
/// arms, and the campaign page charts the traffic and tables each arm against control.
@Suite("Dashboard A/B tests in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardExperimentBrowserTests {
    /// The colour of the chart's conversions line and legend (dashboard.css).
    static let conversionsColor = PNGImage.Pixel(red: 0xDC, green: 0x68, blue: 0x03)

    @Test func aVariantTestIsSetUpInTheComposerAndReadInTheVariantTable() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-experiment")
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            let retype = DashboardComposerBrowserTests.retype

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1000) { page in
                try await page.click("new-campaign")
                try await page.waitUntil("document.getElementById('field-name') !== null")
                try await retype("Checkout test", "field-name", page)

                try await page.click("add-experiment")
                try await page.waitUntil("document.getElementById('experiment-shares') !== null")
                try await retype("3", "field-experiment-variants-0-weight", page)
                try await retype("20", "field-experiment-controlPercent", page)
                try await page.waitUntil("document.getElementById('experiment-shares').textContent === 'Traffic: A 60 %, B 20 %, control 20 %'")

                // Variant B gets a message of its own, edited in the message fields and previewed on screen.
                try await page.click("edit-variant-1")
                try await page.waitUntil("document.getElementById('editing-message').value === '1'")
                try await retype("Free shipping today", "field-experiment-variants-1-message-title", page)
                try await retype("#C2187A", "field-experiment-variants-1-message-colors-background-hex", page)
                try await retype("#C2187A", "field-experiment-variants-1-message-colors-frame-hex", page)
                try await page.waitUntil("""
                    document.body.dataset.preview === 'ready'
                      && document.getElementById('preview-variant').textContent === 'Variant B'
                      && JSON.parse(document.querySelector('#preview-form [name=message]').value).title === 'Free shipping today'
                    """)
                let painted = try await page.pixels(of: DashboardBrowserTests.marker, wanted: 2_001)
                #expect(painted > 2_000, "\(painted) pixels of variant B's background are visible in the preview")

                // Back on the campaign's message, the preview shows it again.
                try await DashboardInboxBrowserTests.choose("", in: "editing-message", on: page)
                try await page.waitUntil("""
                    document.getElementById('preview-variant').textContent === ''
                      && JSON.parse(document.querySelector('#preview-form [name=message]').value).title !== 'Free shipping today'
                    """)

                try await DashboardInboxBrowserTests.choose("purchase", in: "field-goal-event", on: page)
                try await page.waitUntil("document.getElementById('field-goal-windowHours') !== null")
                try await retype("48", "field-goal-windowHours", page)

                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")
                try await page.click("activate")
                try await page.waitUntil("document.getElementById('status').textContent === 'Campaign is active.'")
            }

            let campaign = try #require(try await server.campaigns(in: app).first)
            let experiment = try #require(campaign.experiment)
            #expect(experiment.variants.map(\.id) == ["a", "b"])
            #expect(experiment.variants.map(\.weight) == [3, 1])
            #expect(experiment.controlPercent == 20)
            #expect(experiment.variants[0].message == nil, "variant A shows the campaign's message")
            #expect(experiment.variants[1].message?.title == "Free shipping today")
            #expect(experiment.variants[1].message?.colors.background.hex.uppercased() == "#C2187A")
            #expect(campaign.message.title != "Free shipping today", "the campaign's own message is untouched")
            #expect(campaign.goal == ConversionGoal(event: .purchase, windowHours: 48))

            // Devices running the SDK: each sees its arm; every other user buys within the window.
            var users: [String: Int] = [:]
            var conversions: [String: Int] = [:]
            for index in 0..<24 {
                let userID = "shopper-\(index)"
                let arm = try #require(campaign.arm(for: ExperimentUnit(identity: UserIdentity(userID: userID), deviceID: nil)))
                let device = TestDevice()
                defer { device.removeStorage() }
                await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: userID))
                await device.log(AppStartEvent())
                if case .variant(let id) = arm {
                    let shown = try #require(device.presenter.current, "\(userID) sees variant \(id)")
                    #expect(shown.message.title == (id == "b" ? "Free shipping today" : campaign.message.title))
                    try await device.finish(PresentationResult(.buttonClick(id: "ok")))
                } else {
                    #expect(device.presenter.displayed.isEmpty, "\(userID) is held back")
                }
                users[arm.id, default: 0] += 1
                if index.isMultiple(of: 2) {
                    await device.log(PurchaseSuccessfulEvent(purchaseAmountMicros: 19_990_000, currencyCode: "EUR"))
                    conversions[arm.id, default: 0] += 1
                }
                let state = await device.sdk.state()
                #expect(state.pendingImpressionBatches == 0 && state.pendingConversions == 0, "\(userID): everything was sent")
            }

            try await DashboardBrowserTests.withSignedInDashboard(
                server, fragment: "app=\(app.id.uuidString.lowercased())&campaign=\(campaign.id)",
                email: "editor@example.com", width: 1400, height: 1000
            ) { page in
                try await page.waitUntil("document.body.dataset.figures === 'ready'")
                let json = try await page.evaluate("""
                    JSON.stringify([...document.querySelectorAll('#variant-table tbody tr')].map((row) =>
                      [...row.cells].map((cell) => cell.textContent)))
                    """)
                guard case .string(let text) = json else { throw TestServerError("the variant table did not read: \(json)") }
                let rows = try JSONDecoder().decode([[String]].self, from: Data(text.utf8))
                #expect(rows.map(\.first) == ["A (a)", "B (b)", "Control"])
                for (row, arm) in zip(rows, ["a", "b", "control"]) {
                    #expect(row[1] == String(users[arm] ?? 0), "\(arm): users")
                    #expect(row[2] == String(conversions[arm] ?? 0), "\(arm): conversions")
                    #expect(row[6] == (arm == "control" ? "Baseline" : "Not enough data yet"), "\(arm): too few users for a verdict")
                    if arm != "control" { #expect(row[4].contains(" pp (") && row[4].contains(" to "), "\(arm): the difference with its interval: \(row[4])") }
                }
                #expect(try await page.evaluate("document.getElementById('experiment-method').textContent.includes('two-proportion')")
                        == .bool(true), "the method is named")

                // The chart draws impressions, clicks and conversions, each point as counted, and is on screen.
                #expect(try await page.evaluate("document.querySelectorAll('#figures-chart svg polyline').length") == .number(3))
                let charted = try await page.evaluate("""
                    [...document.querySelectorAll('#figures-chart .conversions circle title')]
                      .reduce((sum, title) => sum + Number(title.textContent.split(': ')[1].split(' ')[0]), 0)
                    """)
                #expect(charted == .number(Double(conversions.values.reduce(0, +))), "the chart's conversions add up")
                try await page.evaluate("document.getElementById('figures-chart').scrollIntoView({ block: 'center', behavior: 'instant' })")
                let drawn = try await page.pixels(of: Self.conversionsColor, tolerance: 8, wanted: 41)
                #expect(drawn > 40, "\(drawn) pixels of the conversions line and legend are visible")

                // Another range: the last 48 hours, by hour.
                try await page.evaluate("delete document.body.dataset.figures")
                try await DashboardInboxBrowserTests.choose("48h", in: "figures-range", on: page)
                try await page.waitUntil("document.body.dataset.figures === 'ready'")
                let hours = try await page.evaluate("document.querySelectorAll('#figures-chart .impressions circle').length")
                #expect(hours == .number(48) || hours == .number(49), "an hour per point: \(hours)")

                // The CSV download is the same range and interval, in the browser's zone.
                let csv = try await page.evaluate("fetch(document.getElementById('figures-csv').href).then((r) => r.text())")
                guard case .string(let body) = csv else { throw TestServerError("no CSV: \(csv)") }
                #expect(body.hasPrefix("start,"), "a CSV with a header row: \(body.prefix(80))")
                #expect(body.split(whereSeparator: \.isNewline).count >= 50, "48 hours of buckets, the header and the total")
            }
        }
    }
}
