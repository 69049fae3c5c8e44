import Foundation
import MarqueeModel

/// The words the App Inbox views use, with English defaults. German, French and Japanese are
/// built in (``builtIn``); an app adds languages, or changes single words in its own
/// `Localizable.strings` (``overriding(_:)``).
public struct InboxLabels: Sendable, Hashable {
    public var title = "Inbox"
    public var empty = "No messages yet."
    /// The line under ``empty``.
    public var emptyDetail = "Messages for you will appear here."
    public var loading = "Loading…"
    public var failed = "Your messages could not be loaded."
    /// The line under ``failed``.
    public var failedDetail = "Check your connection and try again."
    /// The button that loads the inbox again after ``failed``.
    public var retry = "Try again"
    /// `%d` is the count: "%d unread".
    public var unreadCount = "%d unread"
    public var unread = "●"
    public var read = " "
    /// Spoken for the unread mark.
    public var unreadDescription = "Unread"
    public var justNow = "just now"
    /// `%d` is the count.
    public var minutesAgo = "%d min ago"
    public var hoursAgo = "%d h ago"
    public var daysAgo = "%d d ago"
    /// Shown for a message that is no longer in the inbox (deleted or expired).
    public var missing = "This message is no longer available."
    /// Closes the inbox where a view shows it over the app.
    public var close = "Close"
    /// The button of a message's main action in its detail.
    public var mainAction = "See more"

    public init() {}

    /// Every word of a language; the unread and read marks stay as they are.
    init(title: String, empty: String, emptyDetail: String, loading: String, failed: String, failedDetail: String, retry: String,
         unreadCount: String, unreadDescription: String, justNow: String, minutesAgo: String, hoursAgo: String, daysAgo: String,
         missing: String, close: String, mainAction: String) {
        self.title = title
        self.empty = empty
        self.emptyDetail = emptyDetail
        self.loading = loading
        self.failed = failed
        self.failedDetail = failedDetail
        self.retry = retry
        self.unreadCount = unreadCount
        self.unreadDescription = unreadDescription
        self.justNow = justNow
        self.minutesAgo = minutesAgo
        self.hoursAgo = hoursAgo
        self.daysAgo = daysAgo
        self.missing = missing
        self.close = close
        self.mainAction = mainAction
    }

    /// "2 h ago", from `date` to `now`.
    public func relativeTime(of date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return justNow
        case ..<3_600: return String(format: minutesAgo, seconds / 60)
        case ..<86_400: return String(format: hoursAgo, seconds / 3_600)
        default: return String(format: daysAgo, seconds / 86_400)
        }
    }
}

extension InboxContent {
    /// The body as text: an HTML body's text, one line per block.
    public var bodyText: String {
        switch bodyFormat {
        case .plain: body
        case .html: HTMLTextExtractor.lines(in: body).joined(separator: "\n")
        }
    }

    /// The title on one line, for a list that shows one line of it.
    public var singleLineTitle: String {
        Self.joiningLines(title)
    }

    /// The body's text as one paragraph, for a list that shows its first lines.
    public var bodyPreview: String {
        Self.joiningLines(bodyText)
    }

    /// The image, when its URL is an absolute http(s) URL.
    public var imageWebURL: URL? {
        imageURL.flatMap { URLRule.isWebURL($0) ? URL(string: $0) : nil }
    }

    /// The buttons the views show: those that go somewhere (browser or deep link), with a link a
    /// view may follow. An action that only opens the app gets no button.
    public var linkButtons: [InboxButton] {
        buttons.filter(\.action.leadsSomewhere)
    }

    /// The buttons a message's detail shows: the main action first, titled
    /// ``InboxLabels/mainAction`` ("See more"), when it leads somewhere, then ``linkButtons``.
    public func detailButtons(labels: InboxLabels) -> [InboxButton] {
        let main = mainAction.flatMap { $0.leadsSomewhere ? InboxButton(title: labels.mainAction, action: $0) : nil }
        return (main.map { [$0] } ?? []) + linkButtons
    }

    private static func joiningLines(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

extension InboxAction {
    /// Whether a view may follow this action: a browser action with a web URL, or a deep link
    /// with a link an app may open. Opening the app alone leads nowhere a view can go.
    public var leadsSomewhere: Bool {
        switch type {
        case .browser: url.map(URLRule.isWebURL) ?? false
        case .deepLink: url.map(URLRule.isLink) ?? false
        case .openApp: false
        }
    }
}
