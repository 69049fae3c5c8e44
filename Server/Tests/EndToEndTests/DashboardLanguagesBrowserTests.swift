import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// Translating a campaign in the composer of a live dashboard: a language is added, its text
/// typed beside the default's, what it still lacks is named, the preview shows each language on
/// screen, and every string goes out and back in as CSV.
@Suite("Dashboard languages in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardLanguagesBrowserTests {
    @Test func aCampaignIsTranslatedAndPreviewedInEachLanguage() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-languages")
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1000) { page in
                try await page.click("new-campaign")
                try await page.waitUntil("document.getElementById('field-name') !== null")
                try await DashboardComposerBrowserTests.retype("Spring sale", into: "field-message-title", on: page)
                try await page.type("en", into: "field-defaultLanguage")
                try await page.type("fr", into: "new-language")
                try await page.click("add-language")
                try await page.waitUntil("document.getElementById('field-message-translations-fr-title') !== null")
                #expect(try await page.evaluate("document.getElementById('field-message-translations-fr-title').placeholder")
                        == .string("Spring sale"), "the default text shows where the translation is empty")
                try await page.type("Soldes de printemps", into: "field-message-translations-fr-title")
                try await page.type("Compris", into: "field-message-translations-fr-buttons-ok")
                #expect(try await page.evaluate("JSON.parse(document.getElementById('campaign-json').value).message.translations.fr")
                        == .object(["title": .string("Soldes de printemps"), "buttons": .object(["ok": .string("Compris")])]))
                #expect(try await page.evaluate("document.getElementById('translation-missing').textContent")
                        == .string("fr is missing: Body. Devices in those languages see the default text there."))
                try await page.evaluate("document.getElementById('languages').scrollIntoView()")
                try await page.saveScreenshot(DashboardBrowserTests.artifactName())

                // The terminal preview in each language, read on the page, once the preview offers French.
                try await page.waitUntil("[...document.getElementById('preview-language').options].some((option) => option.value === 'fr')")
                try await DashboardInboxBrowserTests.choose("text", in: "format", on: page)
                for (language, title) in [("fr", "Soldes de printemps"), ("", "Spring sale")] {
                    try await DashboardInboxBrowserTests.choose(language, in: "preview-language", on: page)
                    try await page.waitUntil("""
                        document.body.dataset.preview === 'ready' && document.getElementById('preview-text').textContent.includes('\(title)')
                        """)
                }
                // The device preview in French: the frame is posted the language, and the message is on screen.
                try await DashboardComposerBrowserTests.retype("#C2187A", into: "field-message-colors-background-hex", on: page)
                try await DashboardComposerBrowserTests.retype("#C2187A", into: "field-message-colors-frame-hex", on: page)
                try await DashboardInboxBrowserTests.choose("fr", in: "preview-language", on: page)
                try await DashboardInboxBrowserTests.choose("html", in: "format", on: page)
                try await page.waitUntil("""
                    document.body.dataset.preview === 'ready' && document.querySelector('#preview-form [name=language]')?.value === 'fr'
                    """)
                let painted = try await page.pixels(of: DashboardBrowserTests.marker, wanted: 2_001)
                #expect(painted > 2_000, "\(painted) pixels of the French message's background are visible")

                // Every string out as CSV and back in, quotes, commas and line breaks included.
                let roundTrip = try await page.evaluate("""
                    import('/dashboard/translations.js').then((strings) => {
                      const message = { title: 'Sale', body: 'Say "hi",\\nfriend', buttons: [{ id: 'ok', text: 'OK' }],
                        translations: { de: { body: 'Sag "hallo",\\nFreund', buttons: { ok: 'Gut' } } } };
                      const csv = strings.toCSV(message, 'en');
                      return JSON.stringify(strings.translationsFromCSV(message, csv)) === JSON.stringify(message.translations)
                        && csv.startsWith('field,en,de');
                    })
                    """)
                #expect(roundTrip == .bool(true))
                // A carousel's page strings go out and back in too.
                let pages = try await page.evaluate("""
                    import('/dashboard/translations.js').then((strings) => {
                      const message = { kind: 'carousel', title: 'Tour', pages: [
                        { id: 'a', title: 'Welcome', body: 'Hi, "you"', buttons: [{ id: 'go', text: 'Go' }] }, { id: 'b', title: 'Lists' }],
                        translations: { fr: { pages: { a: { title: 'Bienvenue', buttons: { go: 'Allons' } }, b: { body: 'Listes' } } } } };
                      const csv = strings.toCSV(message, 'en');
                      return JSON.stringify(strings.translationsFromCSV(message, csv)) === JSON.stringify(message.translations)
                        && csv.includes('pages.a.buttons.go,Go,Allons') && strings.describeMissing(message).includes('Page 2 title');
                    })
                    """)
                #expect(pages == .bool(true))
                // So do a survey's questions, choices, submit label and thank-you page.
                let survey = try await page.evaluate("""
                    import('/dashboard/translations.js').then((strings) => {
                      const message = { kind: 'survey', title: 'Feedback', survey: { questions: [
                        { id: 'nps', kind: 'nps', prompt: 'Recommend us?' },
                        { id: 'plan', kind: 'singleChoice', prompt: 'Your plan?', choices: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] }],
                        submitLabel: 'Send', thankYou: { title: 'Thanks' } },
                        translations: { fr: { survey: { questions: { nps: { prompt: 'Nous recommanderiez-vous ?' }, plan: { choices: { pro: 'Pro (payant)' } } },
                                                        thankYou: { title: 'Merci' } } } } };
                      const csv = strings.toCSV(message, 'en');
                      return JSON.stringify(strings.translationsFromCSV(message, csv)) === JSON.stringify(message.translations)
                        && csv.includes('survey.questions.plan.choices.pro,Pro,Pro (payant)')
                        && strings.describeMissing(message).includes('Question 2 choice “Free”')
                        && strings.describeMissing(message).includes('Submit button');
                    })
                    """)
                #expect(survey == .bool(true))
                let refused = try await page.evaluate("""
                    import('/dashboard/translations.js').then((strings) => {
                      try { strings.translationsFromCSV({ title: 'Sale' }, 'field,en,fr\\nsubtitle,x,y\\n'); return 'accepted'; }
                      catch (error) { return error.message; } })
                    """)
                #expect(refused == .string("Row 2: “subtitle” is no field of this message"))

                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")
            }
            let saved = try #require(try await server.campaigns(in: app).first)
            #expect(saved.defaultLanguage == "en")
            #expect(saved.message.translations["fr"] == MessageTranslation(title: "Soldes de printemps", buttons: ["ok": "Compris"]))
        }
    }
}
