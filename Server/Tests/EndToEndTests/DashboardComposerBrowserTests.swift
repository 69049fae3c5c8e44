import Foundation
import Marquee
import MarqueeModel
import MarqueeTestSupport
import Testing

/// The campaign composer in headless Chromium against a live server: a campaign of each kind made
/// through the form alone, previewed, activated, and then shown by a device running the SDK.
@Suite("Dashboard composer in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardComposerBrowserTests {
    /// Replaces the text of the field `id` as typing would.
    static func retype(_ text: String, into id: String, on page: DevToolsPage) async throws {
        try await page.evaluate("document.getElementById('\(id)').value = ''")
        try await page.type(text, into: id)
    }

    @Test(arguments: MessageKind.allCases)
    func aCampaignMadeWithTheFormAloneIsPreviewedAndShownOnADevice(_ kind: MessageKind) async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-composer")
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            let name = "Form-made \(kind.rawValue)"

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1000) { page in
                try await page.click("new-campaign")
                try await page.waitUntil("document.getElementById('field-name') !== null")
                try await Self.retype(name, into: "field-name", on: page)
                try await DashboardInboxBrowserTests.choose(kind.rawValue, in: "field-message-kind", on: page)
                switch kind {
                case .image: try await page.type("https://cdn.example.com/sale.png", into: "field-message-image-url")
                case .video: try await page.type("https://cdn.example.com/sale.mp4", into: "field-message-media-videoURL")
                case .html: try await page.type("<h1>Sale</h1><p>Ten percent off</p>", into: "field-message-html")
                case .tooltip: try await page.type("buy-button", into: "field-message-tooltip-targetElementID")
                case .carousel:
                    // Two pages; the message's button moves to the first.
                    try await page.click("add-page")
                    try await page.waitUntil("document.getElementById('field-message-pages-0-title') !== null")
                    try await page.click("add-page")
                    try await page.waitUntil("document.getElementById('field-message-pages-1-title') !== null")
                    try await Self.retype("Shared lists", into: "field-message-pages-1-title", on: page)
                    #expect(try await page.evaluate("JSON.parse(document.getElementById('campaign-json').value).message.pages.map((p) => p.title + ':' + (p.buttons || []).length).join(',')")
                            == .string("Page 1:1,Shared lists:0"))
                case .survey:
                    // A survey starts with one NPS question; a multiple-choice question is added.
                    try await page.waitUntil("document.getElementById('field-message-survey-questions-0-prompt') !== null")
                    try await page.click("add-question")
                    try await page.waitUntil("document.getElementById('field-message-survey-questions-1-prompt') !== null")
                    try await DashboardInboxBrowserTests.choose("multipleChoice", in: "field-message-survey-questions-1-kind", on: page)
                    try await page.waitUntil("document.getElementById('field-message-survey-questions-1-choices-1-label') !== null")
                    try await Self.retype("<img src=x onerror=alert(1)>Speed", into: "field-message-survey-questions-1-choices-1-label", on: page)
                    #expect(try await page.evaluate("JSON.parse(document.getElementById('campaign-json').value).message.survey.questions.map((q) => q.kind + ':' + (q.choices || []).length).join(',')")
                            == .string("nps:0,multipleChoice:2"))
                    try await page.evaluate("document.getElementById('field-message-survey-questions-1-kind').scrollIntoView({ block: 'start' })")
                    try await page.saveScreenshot("composer-survey-form")
                case .modal, .fullScreen, .slideUp, .banner: break
                }
                try await Self.retype("#C2187A", into: "field-message-colors-background-hex", on: page)
                try await Self.retype("#C2187A", into: "field-message-colors-frame-hex", on: page)

                // A custom-event trigger with an integer condition, built field by field.
                try await DashboardInboxBrowserTests.choose("custom", in: "field-triggers-triggers-0-event", on: page)
                try await page.type("level_up", into: "field-triggers-triggers-0-name")
                try await page.click("add-condition-triggers-triggers-0")
                try await page.type("level", into: "field-triggers-triggers-0-conditions-0-name")
                try await DashboardInboxBrowserTests.choose("integer", in: "field-triggers-triggers-0-conditions-0-type", on: page)
                try await DashboardInboxBrowserTests.choose("greaterThan", in: "field-triggers-triggers-0-conditions-0-operator", on: page)
                try await page.type("2", into: "field-triggers-triggers-0-conditions-0-value")
                #expect(try await page.evaluate("JSON.parse(document.getElementById('campaign-json').value).triggers.triggers[0].conditions[0].operator")
                        == .string("greaterThan"), "the JSON view follows the form")

                // The preview has loaded, and it is of the message as the form now has it.
                try await page.waitUntil("""
                    document.body.dataset.preview === 'ready' && document.querySelector('#preview-form [name=message]').value
                      === JSON.stringify(JSON.parse(document.getElementById('campaign-json').value).message)
                    """)
                // Every kind paints the message's background colour on screen.
                let painted = try await page.pixels(of: DashboardBrowserTests.marker, wanted: 2_001)
                #expect(painted > 2_000, "\(kind.rawValue): \(painted) pixels of the message's background are visible")

                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")
                try await page.click("activate")
                try await page.waitUntil("document.getElementById('status').textContent === 'Campaign is active.'")
            }

            let campaigns = try await server.campaigns(in: app)
            let campaign = try #require(campaigns.first)
            #expect(campaigns.count == 1)
            #expect(campaign.name == name && campaign.message.kind == kind && campaign.status == .active)
            #expect(campaign.triggers.triggers == [Trigger(.custom, name: "level_up", conditions: [
                AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "2")])])

            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, tooltips: kind == .tooltip)
            if kind == .tooltip { device.sdk.viewAppeared(identifier: "buy-button") }
            await device.log(CustomEvent(name: "level_up", attributes: [CustomAttribute(name: "level", value: 2)]))
            #expect(device.presenter.displayed.isEmpty, "level 2 is not above 2")
            await device.log(CustomEvent(name: "level_up", attributes: [CustomAttribute(name: "level", value: 3)]))
            #expect(device.displayedIDs == [campaign.id])
        }
    }

    @Test func fieldErrorsAppearNextToTheirFieldsAndTheJSONViewEditsTheSameCampaign() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-errors")
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)

            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com") { page in
                try await page.click("new-campaign")
                try await page.waitUntil("document.getElementById('field-name') !== null")
                try await page.evaluate("""
                    (() => { const title = document.getElementById('field-message-title'); title.value = '';
                             title.dispatchEvent(new Event('input', { bubbles: true })); })()
                    """)
                try await page.click("save")
                try await page.waitUntil("document.querySelector('[data-path=\"message.title\"] .field-error').textContent !== ''")
                // The preview of the untitled draft answers after the failed save; the save's error stays.
                try await page.waitUntil("document.body.dataset.preview === 'failed'")
                #expect(try await page.evaluate("document.getElementById('status').classList.contains('error')") == .bool(true))

                // The JSON view edits the same draft: a title typed there is in the form at once.
                try await page.click("editor-json-tab")
                try await page.evaluate("""
                    (() => { const area = document.getElementById('campaign-json'); const draft = JSON.parse(area.value);
                             draft.message.title = 'Typed as JSON'; area.value = JSON.stringify(draft);
                             area.dispatchEvent(new Event('input', { bubbles: true })); })()
                    """)
                try await page.click("editor-form-tab")
                #expect(try await page.evaluate("document.getElementById('field-message-title').value") == .string("Typed as JSON"))
                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")
            }
            let saved = try #require(try await server.campaigns(in: app).first)
            #expect(saved.message.title == "Typed as JSON")
        }
    }

    @Test func anEmbeddedCampaignIsPreviewedInAMockAppScreenAndShownInItsPlacement() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-embedded")
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1000) { page in
                try await page.click("new-campaign")
                try await page.waitUntil("document.getElementById('field-name') !== null")
                try await Self.retype("Home card", into: "field-name", on: page)
                try await DashboardInboxBrowserTests.choose("embedded", in: "field-channel", on: page)
                try await page.waitUntil("document.getElementById('field-placement') !== null")
                try await page.type("home.top", into: "field-placement")
                try await Self.retype("#C2187A", into: "field-message-colors-background-hex", on: page)
                try await Self.retype("#C2187A", into: "field-message-colors-frame-hex", on: page)
                try await page.waitUntil("""
                    document.body.dataset.preview === 'ready'
                      && document.querySelector('#preview-form [name=placement]') !== null
                      && document.querySelector('#preview-form [name=placement]').value === 'home.top'
                      && document.querySelector('#preview-form [name=message]').value
                        === JSON.stringify(JSON.parse(document.getElementById('campaign-json').value).message)
                    """)
                // The card in its place, and the mock screen's own rows around it.
                let painted = try await page.pixels(of: DashboardBrowserTests.marker, wanted: 2_001)
                #expect(painted > 2_000, "\(painted) pixels of the card are visible")
                let rows = try await page.pixels(of: PNGImage.Pixel(red: 0xE4, green: 0xE7, blue: 0xEC), tolerance: 2, wanted: 2_001)
                #expect(rows > 2_000, "\(rows) pixels of the mock screen's rows are visible")
                try await page.saveScreenshot("composer-embedded-preview")
                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")
                try await page.click("activate")
                try await page.waitUntil("document.getElementById('status').textContent === 'Campaign is active.'")
            }
            let campaign = try #require(try await server.campaigns(in: app).first)
            #expect(campaign.channel == .embedded && campaign.placement == "home.top")
            let device = TestDevice()
            defer { device.removeStorage() }
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
            #expect(await device.sdk.placements.content(for: "home.top")?.campaignID == campaign.id)
            await device.log(AppStartEvent())
            #expect(device.presenter.displayed.isEmpty, "its trigger shows nothing over the app")
        }
    }
}
