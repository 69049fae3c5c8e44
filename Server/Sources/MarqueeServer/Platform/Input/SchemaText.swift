/// Text rules counted the way JSON Schema counts them in `openapi.yaml`, so the document and the
/// server agree on every value: lengths in Unicode scalars, white space as the `\s` of the
/// schema's (ECMAScript) patterns.
enum SchemaText {
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// Whether `text` has a character that is not white space (`pattern: "\\S"`).
    static func hasVisibleCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { !isWhitespace($0) }
    }

    /// `text` without white space at either end.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Whether `text` has `range` scalars (`minLength`, `maxLength`).
    static func fits(_ text: String, _ range: ClosedRange<Int>) -> Bool {
        range.contains(text.unicodeScalars.count)
    }
}
