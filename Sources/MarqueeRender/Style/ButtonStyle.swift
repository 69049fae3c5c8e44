/// How a message's buttons look; their colours always come from the campaign.
public struct ButtonStyle: Sendable, Hashable {
    /// A font the app has registered; the system font follows it as a fallback.
    public var fontName: String?
    /// The font size in points.
    public var fontSize: Double?
    /// The corner radius in points.
    public var cornerRadius: Double?
    /// The smallest height in points; a label that wraps makes the button taller.
    public var height: Double?

    /// Creates a button style; `nil` values keep Marquee's own.
    public init(fontName: String? = nil, fontSize: Double? = nil, cornerRadius: Double? = nil, height: Double? = nil) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.cornerRadius = cornerRadius
        self.height = height
    }

    /// These values, with `base`'s where these are `nil`.
    func merged(over base: ButtonStyle) -> ButtonStyle {
        ButtonStyle(fontName: fontName ?? base.fontName, fontSize: fontSize ?? base.fontSize,
                    cornerRadius: cornerRadius ?? base.cornerRadius, height: height ?? base.height)
    }
}
