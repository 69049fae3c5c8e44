import MarqueeModel

/// How a message's title or body text looks unless the campaign says otherwise.
public struct TextStyle: Sendable, Hashable {
    /// A font the app has registered; the system font follows it as a fallback.
    public var fontName: String?
    /// The font size in points.
    public var fontSize: Double?
    /// The text colour, used where the campaign kept the model's default (black) text.
    public var color: HexColor?

    /// Creates a text style; `nil` values keep Marquee's own.
    public init(fontName: String? = nil, fontSize: Double? = nil, color: HexColor? = nil) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.color = color
    }

    /// These values, with `base`'s where these are `nil`.
    func merged(over base: TextStyle) -> TextStyle {
        TextStyle(fontName: fontName ?? base.fontName, fontSize: fontSize ?? base.fontSize, color: color ?? base.color)
    }
}
