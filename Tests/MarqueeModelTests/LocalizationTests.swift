import MarqueeModel
import Testing

/// A campaign written once in many languages: each device is shown the translation its locale
/// asks for, most specific first, else the default language's text.
@Suite("Localization")
struct LocalizationTests {
    static let message = Message(
        kind: .modal, header: "New", title: "Spring sale", body: "Everything must go", image: MessageImage(url: "https://x.example/a.png", altText: "Flowers"),
        buttons: [MessageButton(id: "shop", text: "Shop now"), MessageButton(id: "later", text: "Later")],
        translations: [
            "fr": MessageTranslation(title: "Soldes de printemps", body: "Tout doit disparaître", buttons: ["shop": "Acheter"],
                                     imageAltText: "Des fleurs"),
            "de": MessageTranslation(header: "Neu", title: "Frühlingsangebot", buttons: ["shop": "Jetzt kaufen", "later": "Später"]),
            "pt-br": MessageTranslation(title: "Liquidação de primavera"),
        ])

    @Test func fallbacksGoFromTheMostSpecificTagToTheLanguage() {
        #expect(LanguageTag.fallbacks(for: "de_CH") == ["de-ch", "de"])
        #expect(LanguageTag.fallbacks(for: "zh-Hant-TW") == ["zh-hant-tw", "zh-hant", "zh"])
        #expect(LanguageTag.fallbacks(for: "ja") == ["ja"])
        #expect(LanguageTag.pick(from: ["de", "fr"], for: "de-CH") == "de")
        #expect(LanguageTag.pick(from: ["de", "de-ch"], for: "de-CH") == "de-ch")
        #expect(LanguageTag.pick(from: ["de", "fr"], for: "ja-JP") == nil)
        #expect(LanguageTag.pick(from: ["de"], for: nil) == nil)
    }

    @Test func eachDeviceSeesItsLanguageElseTheDefault() {
        let french = Self.message.localized(to: "fr-FR")
        #expect(french.title == "Soldes de printemps")
        #expect(french.body == "Tout doit disparaître")
        #expect(french.header == "New", "a field left out keeps the default language's text")
        #expect(french.buttons.map(\.text) == ["Acheter", "Later"])
        #expect(french.image?.altText == "Des fleurs")
        #expect(french.translations.isEmpty, "what a client without translations is sent")

        let swiss = Self.message.localized(to: "de-CH")
        #expect(swiss.title == "Frühlingsangebot")
        #expect(swiss.header == "Neu")
        #expect(swiss.buttons.map(\.text) == ["Jetzt kaufen", "Später"])

        let japanese = Self.message.localized(to: "ja-JP")
        #expect(japanese.title == "Spring sale")
        #expect(japanese.buttons.map(\.text) == ["Shop now", "Later"])
        #expect(Self.message.localized(to: "pt_BR").title == "Liquidação de primavera")
        #expect(Self.message.localized(to: "pt-PT").title == "Spring sale", "pt-br is not pt")
    }

    @Test func translationsAreValidatedAsTheTextTheyReplace() {
        var campaign = Campaign(id: "c", name: "Sale", message: Self.message, triggers: TriggerSet(triggers: [Trigger(.appStart)]),
                                defaultLanguage: "en")
        #expect(campaign.validationIssues().isEmpty)
        campaign.message.translations["de-CH"] = MessageTranslation(title: "Angebot")
        campaign.message.translations["it"] = MessageTranslation(title: String(repeating: "x", count: 501), buttons: ["buy": "Compra"])
        campaign.defaultLanguage = "fr"
        #expect(Set(campaign.validationIssues().map(\.field)) == [
            "message.translations.de-CH", "message.translations.it.title", "message.translations.it.buttons.buy", "defaultLanguage",
        ])
        #expect(LanguageTag.isValid("pt-br") && LanguageTag.isValid("zh-hant") && !LanguageTag.isValid("english")
                && !LanguageTag.isValid("e") && !LanguageTag.isValid("de--ch"))
    }
}
