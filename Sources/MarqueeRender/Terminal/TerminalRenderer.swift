import MarqueeModel

/// Draws a message as text for a terminal: the `marquee simulate` device and log previews.
///
/// Every kind gets a box-drawn layout that fits the given width (wrapping words, and counting
/// CJK and emoji as two columns), with the message's choices numbered the way a user answers
/// them: `[1] Shop now  [2] Later`, `[c] tap message` when the message has a content action,
/// `[o] Don't show this again` when it shows the opt-out box and `[x] Close` when it may be closed
/// (in the language of ``RenderOptions/strings``, like the HTML).
/// Positions are spelled out (`↑ slides in from the bottom`, `▲ points at cart-button`).
/// HTML messages show their text with their links as numbered choices.
///
/// With `useColor`, the message's own colours are written as 24-bit ANSI sequences (adapted for
/// the dark theme like the HTML); without it the output is plain text. Campaign text is stripped
/// of control characters so a campaign cannot send escape sequences to the terminal.
/// `Theme.automatic` renders as light, since a terminal cannot report its theme.
public struct TerminalRenderer: Sendable {
    /// The narrowest layout drawn; smaller widths are treated as this.
    public static let minimumWidth = 16

    /// Terminal width in columns.
    public var width: Int
    /// Whether to write ANSI colour sequences.
    public var useColor: Bool
    /// Theme override, personalization values and the like, shared with ``HTMLRenderer``.
    public var options: RenderOptions

    /// Creates a renderer for a terminal `width` columns wide.
    public init(width: Int = 80, useColor: Bool = false, options: RenderOptions = RenderOptions()) {
        self.width = width
        self.useColor = useColor
        self.options = options
    }

    /// The message as terminal lines, none wider than ``width`` columns (escape sequences aside).
    public func lines(for message: Message) -> [String] {
        let layout = TerminalLayout(message: message, options: options, width: max(width, Self.minimumWidth))
        return layout.lines.map { $0.rendered(color: useColor) }
    }

    /// The message as one string, lines separated by newlines.
    public func render(_ message: Message) -> String {
        lines(for: message).joined(separator: "\n")
    }
}
