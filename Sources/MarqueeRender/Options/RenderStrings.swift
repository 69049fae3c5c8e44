/// The user-visible words Marquee itself adds to a rendered message.
///
/// Campaign text is translated by whoever writes the campaign; these are the few words the
/// renderer supplies, in HTML and in the terminal alike. ``LocalizedRenderStrings`` holds them per
/// language (English, German, French and Japanese built in) and picks one for the user.
public struct RenderStrings: Sendable, Hashable {
    /// The accessible label of the close control.
    public var close: String
    /// The label of the "don't show this again" checkbox.
    public var optOut: String
    /// Shown inside a video element on platforms that cannot play it.
    public var videoUnavailable: String

    /// Creates a set of strings.
    public init(close: String, optOut: String, videoUnavailable: String) {
        self.close = close
        self.optOut = optOut
        self.videoUnavailable = videoUnavailable
    }

    /// English defaults.
    public static let english = RenderStrings(
        close: "Close", optOut: "Don't show this again", videoUnavailable: "This video cannot be played here.")
}
