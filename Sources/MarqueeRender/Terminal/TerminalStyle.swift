import MarqueeModel

/// Colours and weight for a run of terminal text, written as ANSI SGR sequences with 24-bit colour.
struct TerminalStyle: Sendable, Hashable {
    var foreground: HexColor?
    var background: HexColor?
    var bold = false
    var dim = false

    static let plain = TerminalStyle()

    /// The SGR sequence that starts this style, or `""` for the terminal's defaults.
    var escape: String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if let foreground {
            let (red, green, blue, _) = foreground.components
            codes.append("38;2;\(red);\(green);\(blue)")
        }
        if let background {
            let (red, green, blue, _) = background.components
            codes.append("48;2;\(red);\(green);\(blue)")
        }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The sequence that returns to the terminal's defaults.
    static let reset = "\u{1B}[0m"

    /// This style with `background` filled in where it has none.
    func over(_ background: HexColor?) -> TerminalStyle {
        var style = self
        if style.background == nil { style.background = background }
        return style
    }
}
