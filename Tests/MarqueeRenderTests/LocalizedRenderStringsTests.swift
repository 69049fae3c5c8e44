import MarqueeRender
import Testing

@Suite("Localized render strings")
struct LocalizedRenderStringsTests {
    @Test func picksTheFirstPreferredLanguageWithStringsTryingShorterTags() {
        let strings = LocalizedRenderStrings.builtIn

        #expect(strings.strings(for: ["de-CH"]) == .german)
        #expect(strings.strings(for: ["fr_CA"]) == .french)
        #expect(strings.strings(for: ["ja-jp"]) == .japanese)
        #expect(strings.strings(for: ["sv-SE", "fr"]) == .french)
        #expect(strings.strings(for: ["sv-SE"]) == .english)
        #expect(strings.strings(for: []) == .english)
        #expect(strings.languages == ["de", "en", "fr", "ja"])
    }

    @Test func anAppAddsAndReplacesLanguages() {
        var strings = LocalizedRenderStrings.builtIn
        let spanish = RenderStrings(close: "Cerrar", optOut: "No volver a mostrar",
                                    videoUnavailable: "Este vídeo no se puede reproducir aquí.")
        let plainEnglish = RenderStrings(close: "Dismiss", optOut: "Hide forever", videoUnavailable: "No video.")
        strings["es"] = spanish
        strings["EN"] = plainEnglish
        strings["ja"] = nil

        #expect(strings.strings(for: ["es-MX"]) == spanish)
        #expect(strings.strings(for: ["ja"]) == plainEnglish, "English, as the app wrote it, is the last resort")
        #expect(LocalizedRenderStrings().strings(for: ["de"]) == .english)
    }
}
