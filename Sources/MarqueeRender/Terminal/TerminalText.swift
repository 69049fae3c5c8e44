/// Makes campaign text safe to print: a campaign must not be able to move the cursor, change
/// colours, retitle the window or reorder text with escape sequences and bidi overrides.
enum TerminalText {
    /// `text` with control characters removed (tabs become spaces; newlines stay when `keepingNewlines`).
    static func sanitized(_ text: String, keepingNewlines: Bool = true) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: output.append(keepingNewlines ? scalar : " ")
            case 0x09: output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: break
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
