/// Escapes text for HTML element content and quoted attribute values.
///
/// The same escaping is safe in both places, so there is one function and no way to pick the
/// wrong one. NUL becomes U+FFFD, as an HTML parser would make it anyway.
enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by character references.
    ///
    /// Works on UTF-8 bytes into one growing buffer: every character it replaces is ASCII, and a
    /// byte below 0x80 never occurs inside a multi-byte sequence. (Appending to a
    /// `String.UnicodeScalarView` with `append(contentsOf:)` copied the whole output each time,
    /// which made a 900 KB HTML message of `<` take seconds.)
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + text.utf8.count / 4 + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            case 0: output.append(contentsOf: "\u{FFFD}".utf8)
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0: true
        default: false
        }
    }
}
