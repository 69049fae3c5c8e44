/// An app's look for in-app messages of one kind: the values a campaign does not set itself.
///
/// Every value is optional; `nil` keeps Marquee's built-in design for the kind. See
/// ``StyleDefaults`` for how kinds, the fallback for all kinds and campaign values combine.
///
/// ```swift
/// var style = MessageStyle()
/// style.maxWidth = 360
/// style.title = TextStyle(fontName: "Avenir Next", fontSize: 22)
/// style.dismissIcon = .boldCross
/// ```
public struct MessageStyle: Sendable, Hashable {
    /// Space between the screen's edges and the message.
    public var padding: StylePadding
    /// The widest the message may be, in points (never wider than the screen).
    public var maxWidth: Double?
    /// The tallest the message may be, in points (never taller than the screen); content scrolls.
    public var maxHeight: Double?
    /// The corner radius of the message card, in points.
    public var cornerRadius: Double?
    /// The title (and header) text.
    public var title: TextStyle
    /// The body text.
    public var body: TextStyle
    /// The message's buttons.
    public var button: ButtonStyle
    /// What the close control shows.
    public var dismissIcon: DismissIcon?

    /// Creates a style; every value left out keeps Marquee's own.
    public init(padding: StylePadding = StylePadding(), maxWidth: Double? = nil, maxHeight: Double? = nil,
                cornerRadius: Double? = nil, title: TextStyle = TextStyle(), body: TextStyle = TextStyle(),
                button: ButtonStyle = ButtonStyle(), dismissIcon: DismissIcon? = nil) {
        self.padding = padding
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.cornerRadius = cornerRadius
        self.title = title
        self.body = body
        self.button = button
        self.dismissIcon = dismissIcon
    }

    /// These values, with `base`'s where these are `nil`.
    func merged(over base: MessageStyle) -> MessageStyle {
        MessageStyle(padding: padding.merged(over: base.padding), maxWidth: maxWidth ?? base.maxWidth,
                     maxHeight: maxHeight ?? base.maxHeight, cornerRadius: cornerRadius ?? base.cornerRadius,
                     title: title.merged(over: base.title), body: body.merged(over: base.body),
                     button: button.merged(over: base.button), dismissIcon: dismissIcon ?? base.dismissIcon)
    }
}
