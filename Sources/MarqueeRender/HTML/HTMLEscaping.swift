/// Escapes text for HTML element content and quoted attribute values.
///
/// The same escaping is safe in both places, so there is one function and no way to pick the
/// wrong one. NUL becomes U+FFFD, as an HTML parser would make it anyway.
enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by character references.
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var output = String.UnicodeScalarView()
        output.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".unicodeScalars)
            case "<": output.append(contentsOf: "&lt;".unicodeScalars)
            case ">": output.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
            case "'": output.append(contentsOf: "&#39;".unicodeScalars)
            case "\u{0}": output.append("\u{FFFD}")
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'", "\u{0}": true
        default: false
        }
    }
}
