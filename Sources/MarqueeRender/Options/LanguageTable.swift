import Foundation

/// Values per language (Marquee's words in messages, the App Inbox's labels) and the choice
/// among them for a user's preferred languages.
///
/// A preference such as `de-CH` uses `de-CH` when set, else `de`; the first preferred language
/// with a value wins. Tags are compared normalized: `de_CH` and `DE-ch` both read as `de-ch`.
public struct LanguageTable<Value: Sendable>: Sendable {
    /// Keyed by normalized tag: lowercase, `-` between subtags.
    private var table: [String: Value]

    /// No languages.
    public init() {
        table = [:]
    }

    /// The value for exactly `language` (`"de"`, `"pt-BR"`), if set; setting `nil` removes it.
    public subscript(language: String) -> Value? {
        get { table[Self.normalized(language)] }
        set { table[Self.normalized(language)] = newValue }
    }

    /// The language tags that have a value, normalized and sorted.
    public var languages: [String] { table.keys.sorted() }

    /// The value of the first of `preferredLanguages` that has one (trying `zh-Hant-TW`, then
    /// `zh-Hant`, then `zh`), else the English one, else `fallback`.
    public func value(for preferredLanguages: [String], fallback: Value) -> Value {
        for language in preferredLanguages {
            var subtags = Self.normalized(language).split(separator: "-")
            while !subtags.isEmpty {
                if let value = table[subtags.joined(separator: "-")] { return value }
                subtags.removeLast()
            }
        }
        return table["en"] ?? fallback
    }

    private static func normalized(_ language: String) -> String {
        language.replacingOccurrences(of: "_", with: "-").lowercased()
    }
}

extension LanguageTable: Equatable where Value: Equatable {}
extension LanguageTable: Hashable where Value: Hashable {}
