/// Fills `%%name%%` and `%%name|fallback%%` placeholders in campaign text.
///
/// A placeholder's name is letters, digits, `_`, `-` and `.`, with no spaces, so that
/// `50%% off %%first_name%%` reads as a literal `50%% off` followed by a placeholder.
/// Its value comes from the values dictionary; a missing or empty value uses the fallback, and a
/// placeholder without a fallback becomes empty. Text between `%%` pairs that is not a valid
/// placeholder stays as written, so `50%% off` survives. Both renderers call this one function so
/// the HTML, the terminal and the SDK always agree on what a user sees.
public enum Personalizer {
    /// How a filled-in value is written into the surrounding text.
    public enum Encoding: Sendable, Hashable {
        /// The value as it is: for text that is escaped later as a whole (titles, terminal text).
        case plain
        /// The value HTML-escaped: for text that is already HTML (the `html` message kind).
        case html
    }

    /// Returns `template` with every placeholder replaced.
    ///
    /// - Parameters:
    ///   - template: Campaign text that may contain placeholders.
    ///   - values: Placeholder values keyed by name (case-sensitive).
    ///   - encoding: How values (and fallbacks) are written; fallbacks are campaign text, but in
    ///     HTML they sit where a value would, so they are escaped the same way.
    public static func fill(_ template: String, values: [String: String], encoding: Encoding = .plain) -> String {
        guard template.contains("%%") else { return template }
        var output = ""
        var rest = template.startIndex
        while let open = marker(in: template, from: rest) {
            output += template[rest..<open.lowerBound]
            let afterOpen = open.upperBound
            guard let close = marker(in: template, from: afterOpen),
                  let replacement = replacement(for: template[afterOpen..<close.lowerBound], values: values) else {
                // Not a placeholder: keep the first `%%` literally and look again after it.
                output += "%%"
                rest = afterOpen
                continue
            }
            output += encode(replacement, encoding)
            rest = close.upperBound
        }
        output += template[rest...]
        return output
    }

    /// The names of the placeholders `template` uses, in order of first appearance.
    public static func placeholderNames(in template: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var rest = template.startIndex
        while let open = marker(in: template, from: rest) {
            let afterOpen = open.upperBound
            guard let close = marker(in: template, from: afterOpen),
                  let name = parse(template[afterOpen..<close.lowerBound])?.name else {
                rest = afterOpen
                continue
            }
            if seen.insert(name).inserted { names.append(name) }
            rest = close.upperBound
        }
        return names
    }

    /// The next `%%` in `template` at or after `start`.
    ///
    /// Searches the whole string with a range instead of a substring: Foundation copies a
    /// substring it searches, which made filling many placeholders quadratic.
    private static func marker(in template: String, from start: String.Index) -> Range<String.Index>? {
        template.range(of: "%%", range: start..<template.endIndex)
    }

    private static func replacement(for inner: Substring, values: [String: String]) -> String? {
        guard let placeholder = parse(inner) else { return nil }
        if let value = values[placeholder.name], !value.isEmpty { return value }
        return placeholder.fallback ?? ""
    }

    private static func parse(_ inner: Substring) -> (name: String, fallback: String?)? {
        let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0]
        guard !name.isEmpty, !inner.contains("\n"),
              name.unicodeScalars.allSatisfy({ isNameScalar($0) }) else { return nil }
        return (String(name), parts.count > 1 ? String(parts[1]) : nil)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": true
        default: false
        }
    }

    private static func encode(_ text: String, _ encoding: Encoding) -> String {
        switch encoding {
        case .plain: text
        case .html: HTMLEscaping.escape(text)
        }
    }
}
