/// How many terminal columns text occupies.
///
/// Terminals disagree at the edges, so this is the common ground: East Asian wide and fullwidth
/// characters and emoji take two columns, format characters (zero-width space, joiners on their
/// own) and combining marks none, everything else one. A grapheme cluster (`Character`) counts
/// once, so an emoji with skin tone or a flag is two columns, not four. ANSI escape sequences
/// count as zero via ``strippingEscapes(_:)``.
public enum DisplayWidth {
    /// The number of columns `text` occupies (escape sequences are counted as text; strip them first).
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The number of columns one character occupies: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// `text` without ANSI escape sequences (CSI `ESC [ … final` and two-byte `ESC x`).
    public static func strippingEscapes(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{1B}") else { return text }
        var output = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{1B}" else {
                output.append(scalar)
                continue
            }
            guard let kind = iterator.next(), kind == "[" else { continue }
            // Parameters and intermediates run until a final byte in @…~.
            while let next = iterator.next(), !(0x40...0x7E).contains(next.value) {}
        }
        return String(output)
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
