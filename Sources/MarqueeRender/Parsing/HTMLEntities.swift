/// Decodes HTML character references (`&amp;`, `&#39;`, `&#x27;`, and the common named ones).
///
/// Browsers know over two thousand names; campaign HTML uses a handful. An unknown name is left
/// as written, which is also what a browser shows for a name it does not know.
enum HTMLEntities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "bull": "•", "middot": "·", "times": "×", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
        "deg": "°", "shy": "\u{AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "rarr": "→", "larr": "←",
    ]

    /// `text` with character references replaced by the characters they name.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest[rest.index(after: ampersand)...]
            if let (decoded, remainder) = reference(at: afterAmpersand) {
                output += decoded
                rest = remainder
            } else {
                output += "&"
                rest = afterAmpersand
            }
        }
        output += rest
        return output
    }

    /// Decodes the reference that starts just after an `&`, returning it and the text after it.
    private static func reference(at text: Substring) -> (String, Substring)? {
        if text.first == "#" {
            var digits = text.dropFirst()
            let isHex = digits.first == "x" || digits.first == "X"
            if isHex { digits = digits.dropFirst() }
            let number = digits.prefix { isHex ? $0.isHexDigit : $0.isASCII && $0.isNumber }
            guard !number.isEmpty, number.count <= 8 else { return nil }
            var rest = digits.dropFirst(number.count)
            if rest.first == ";" { rest = rest.dropFirst() }
            let value = UInt32(number, radix: isHex ? 16 : 10) ?? 0xFFFD
            // NUL, surrogates and out-of-range values become U+FFFD, as in browsers.
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), rest)
        }
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard !name.isEmpty, text.dropFirst(name.count).first == ";",
              let decoded = named[String(name)] else { return nil }
        return (decoded, text.dropFirst(name.count + 1))
    }
}
