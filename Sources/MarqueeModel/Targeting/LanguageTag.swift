/// Language tags as Marquee keeps them: BCP 47 in lower case with hyphens (`de-ch`, `pt-br`,
/// `zh-hant`), the form RInAppMessaging clients send locales in.
public enum LanguageTag {
    /// The longest tag kept (BCP 47 allows longer ones that no device reports).
    public static let maxLength = 35

    /// `de_CH`, `de-CH` and `de-CH@currency=EUR` all give `de-ch`.
    public static func normalized(_ text: String) -> String {
        DeviceContext.normalizedLocale(text)
    }

    /// Whether `tag` is a normalized tag: a 2–3 letter language, then subtags of 1–8 letters or digits.
    public static func isValid(_ tag: String) -> Bool {
        guard tag.utf8.count <= maxLength else { return false }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
    }

    /// The tags to try for a device's locale, most specific first: `de-CH` gives `de-ch`, then `de`.
    public static func fallbacks(for locale: String) -> [String] {
        let parts = normalized(locale).split(separator: "-")
        return stride(from: parts.count, to: 0, by: -1).map { parts.prefix($0).joined(separator: "-") }
    }

    /// The first of `available` along the fallbacks of `locale`; `nil` when none matches (or
    /// there is no locale), which means the default language.
    public static func pick(from available: some Collection<String>, for locale: String?) -> String? {
        guard let locale, !available.isEmpty else { return nil }
        return fallbacks(for: locale).first(where: available.contains)
    }
}
