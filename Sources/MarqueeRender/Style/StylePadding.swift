/// Space between the screen's edges and a message, in points; `nil` sides keep Marquee's own.
///
/// Leading and trailing follow the text direction, so an app's padding suits RTL messages too.
public struct StylePadding: Sendable, Hashable {
    public var top: Double?
    public var bottom: Double?
    public var leading: Double?
    public var trailing: Double?

    /// Creates padding; sides left `nil` keep Marquee's default for the kind.
    public init(top: Double? = nil, bottom: Double? = nil, leading: Double? = nil, trailing: Double? = nil) {
        self.top = top
        self.bottom = bottom
        self.leading = leading
        self.trailing = trailing
    }

    /// The same padding on every side.
    public static func all(_ points: Double) -> StylePadding {
        StylePadding(top: points, bottom: points, leading: points, trailing: points)
    }

    /// These sides, with `base`'s where these are `nil`.
    func merged(over base: StylePadding) -> StylePadding {
        StylePadding(top: top ?? base.top, bottom: bottom ?? base.bottom,
                     leading: leading ?? base.leading, trailing: trailing ?? base.trailing)
    }
}
