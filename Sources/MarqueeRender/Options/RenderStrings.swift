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
    /// A survey's words: its submit button and thank-you page when the campaign gives none,
    /// the button that closes the thank-you page, the mark and the warning of required
    /// questions, and the ends of an NPS scale.
    public var submit: String
    public var thankYou: String
    public var done: String
    public var required: String
    public var answerRequired: String
    public var unlikely: String
    public var likely: String

    /// Creates a set of strings; the carousel's and the survey's default to English.
    public init(close: String, optOut: String, videoUnavailable: String, previousPage: String = "Previous page",
                nextPage: String = "Next page", pagePosition: String = "Page {page} of {count}", submit: String = "Submit",
                thankYou: String = "Thank you!", done: String = "Done", required: String = "Required",
                answerRequired: String = "Please answer the required questions.", unlikely: String = "Not likely",
                likely: String = "Very likely") {
        self.close = close
        self.optOut = optOut
        self.videoUnavailable = videoUnavailable
        self.previousPage = previousPage
        self.nextPage = nextPage
        self.pagePosition = pagePosition
        self.submit = submit
        self.thankYou = thankYou
        self.done = done
        self.required = required
        self.answerRequired = answerRequired
        self.unlikely = unlikely
        self.likely = likely
    }

    /// "Page 2 of 3" for the 1-based `page`.
    public func position(page: Int, of count: Int) -> String {
        pagePosition.replacingOccurrences(of: "{page}", with: String(page)).replacingOccurrences(of: "{count}", with: String(count))
    }

    /// English defaults.
    public static let english = RenderStrings(
        close: "Close", optOut: "Don't show this again", videoUnavailable: "This video cannot be played here.")
}
