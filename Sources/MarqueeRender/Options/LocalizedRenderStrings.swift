import Foundation

/// Marquee's own words (``RenderStrings``) in several languages, and the choice among them for a
/// user's preferred languages.
///
/// English, German, French and Japanese are built in; an app adds or replaces a language with
/// its BCP 47 tag. A preference such as `de-CH` uses `de-CH` when set, else `de`; the first
/// preferred language with strings wins, and English is the last resort.
///
/// ```swift
/// var strings = LocalizedRenderStrings.builtIn
/// strings["es"] = RenderStrings(close: "Cerrar", optOut: "No volver a mostrar",
///                               videoUnavailable: "Este vídeo no se puede reproducir aquí.")
/// strings.strings(for: ["es-MX", "en"]).close // "Cerrar"
/// ```
public struct LocalizedRenderStrings: Sendable, Hashable {
    /// Keyed by normalized tag: lowercase, `-` between subtags.
    private var table: [String: RenderStrings]

    /// No languages but the English fallback; see ``builtIn``.
    public init() {
        table = [:]
    }

    /// English, German, French and Japanese.
    public static let builtIn: LocalizedRenderStrings = {
        var strings = LocalizedRenderStrings()
        strings["en"] = .english
        strings["de"] = .german
        strings["fr"] = .french
        strings["ja"] = .japanese
        return strings
    }()

    /// The strings for exactly `language` (`"de"`, `"pt-BR"`), if set; setting `nil` removes them.
    public subscript(language: String) -> RenderStrings? {
        get { table[Self.normalized(language)] }
        set { table[Self.normalized(language)] = newValue }
    }

    /// The language tags that have strings, normalized and sorted.
    public var languages: [String] { table.keys.sorted() }

    /// The strings for the first of `preferredLanguages` that has any (trying `zh-Hant-TW`, then
    /// `zh-Hant`, then `zh`), else English: the app's `en` when set, else ``RenderStrings/english``.
    public func strings(for preferredLanguages: [String]) -> RenderStrings {
        for language in preferredLanguages {
            var subtags = Self.normalized(language).split(separator: "-")
            while !subtags.isEmpty {
                if let strings = table[subtags.joined(separator: "-")] { return strings }
                subtags.removeLast()
            }
        }
        return table["en"] ?? .english
    }

    /// `de_CH` and `DE-ch` both read as `de-ch`.
    private static func normalized(_ language: String) -> String {
        language.replacingOccurrences(of: "_", with: "-").lowercased()
    }
}
