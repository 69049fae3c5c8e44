import Foundation

/// Marquee's own words (``RenderStrings``) in several languages, and the choice among them for a
/// user's preferred languages.
///
/// English, German, French and Japanese are built in; an app adds or replaces a language with
/// its BCP 47 tag. The first preferred language with strings wins (see ``LanguageTable``), and
/// English is the last resort.
///
/// ```swift
/// var strings = LocalizedRenderStrings.builtIn
/// strings["es"] = RenderStrings(close: "Cerrar", optOut: "No volver a mostrar",
///                               videoUnavailable: "Este vídeo no se puede reproducir aquí.")
/// strings.strings(for: ["es-MX", "en"]).close // "Cerrar"
/// ```
public typealias LocalizedRenderStrings = LanguageTable<RenderStrings>

extension LanguageTable where Value == RenderStrings {
    /// English, German, French and Japanese.
    public static var builtIn: LocalizedRenderStrings {
        var strings = LocalizedRenderStrings()
        strings["en"] = .english
        strings["de"] = .german
        strings["fr"] = .french
        strings["ja"] = .japanese
        return strings
    }

    /// The strings for the first of `preferredLanguages` that has any, else English: the app's
    /// `en` when set, else ``RenderStrings/english``.
    public func strings(for preferredLanguages: [String]) -> RenderStrings {
        value(for: preferredLanguages, fallback: .english)
    }
}
