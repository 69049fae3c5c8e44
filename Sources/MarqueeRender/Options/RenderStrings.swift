import Foundation

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
    /// The accessible labels of a carousel's arrows.
    public var previousPage: String
    public var nextPage: String
    /// A carousel page's position: `{page}` and `{count}` are replaced ("Page 2 of 3").
    public var pagePosition: String

    /// Creates a set of strings; the carousel's default to English.
    public init(close: String, optOut: String, videoUnavailable: String, previousPage: String = "Previous page",
                nextPage: String = "Next page", pagePosition: String = "Page {page} of {count}") {
        self.close = close
        self.optOut = optOut
        self.videoUnavailable = videoUnavailable
        self.previousPage = previousPage
        self.nextPage = nextPage
        self.pagePosition = pagePosition
    }

    /// "Page 2 of 3" for the 1-based `page`.
    public func position(page: Int, of count: Int) -> String {
        pagePosition.replacingOccurrences(of: "{page}", with: String(page)).replacingOccurrences(of: "{count}", with: String(count))
    }

    /// English defaults.
    public static let english = RenderStrings(
        close: "Close", optOut: "Don't show this again", videoUnavailable: "This video cannot be played here.")
}
