import Foundation
import Marquee
import MarqueeModel
import Testing

/// A campaign written once in several languages reaches each device in its own: the SDK picks
/// the translation its locale asks for (most specific first, else the default language), and a
/// RInAppMessaging ping that names a locale is sent that language.
@MainActor
@Suite struct LocalizationTests {
    static func campaign() -> Campaign {
        var campaign = CampaignDraft.make("Spring sale", buttons: [MessageButton(id: "shop", text: "Shop now")])
        campaign.message.translations = [
            "fr": MessageTranslation(title: "Soldes de printemps", body: "Tout doit disparaître", buttons: ["shop": "Acheter"]),
            "de": MessageTranslation(title: "Frühlingsangebot", buttons: ["shop": "Jetzt kaufen"]),
        ]
        campaign.defaultLanguage = "en"
        return campaign
    }

    @Test func eachDeviceShowsTheCampaignInItsLanguage() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let saved = try await server.createCampaign(Self.campaign(), in: app)

            for (locale, title, button) in [("fr_FR", "Soldes de printemps", "Acheter"), ("de_CH", "Frühlingsangebot", "Jetzt kaufen"),
                                            ("ja_JP", "Spring sale", "Shop now")] {
                let device = TestDevice(locale: locale)
                defer { device.removeStorage() }
                await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
                await device.log(AppStartEvent())
                let shown = try #require(device.presenter.displayed.last, "\(locale)")
                #expect(shown.id == saved.id)
                #expect(shown.message.title == title, "\(locale)")
                #expect(shown.message.buttons.map(\.text) == [button], "\(locale)")
                try await device.finish(PresentationResult(.buttonClick(id: "shop")))
            }
            // Clicks count per button, whatever language the button was shown in.
            #expect(try await server.stats(of: saved, in: app).buttonOneClicks == 3)

            // A RInAppMessaging-shaped ping that names its locale gets that language; one without, the default.
            let french = try await server.basePingCampaigns(subscriptionID: app.subscriptionID, locale: "fr-FR")
            #expect(french.map(\.message.title) == ["Soldes de printemps"])
            let plain = try await server.basePingCampaigns(subscriptionID: app.subscriptionID)
            #expect(plain.map(\.message.title) == ["Spring sale"])
        }
    }
}
