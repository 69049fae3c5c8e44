import Foundation
import MarqueeModel

/// The words the App Inbox views use, with English defaults; replace them for another language.
public struct InboxLabels: Sendable {
    public var title = "Inbox"
    public var empty = "No messages yet."
    public var loading = "Loading…"
    public var failed = "Your messages could not be loaded."
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

    public init() {}

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
    var bodyText: String {
        switch bodyFormat {
        case .plain: body
        case .html: HTMLTextExtractor.lines(in: body).joined(separator: "\n")
        }
    }

    /// The buttons the views show: those that go somewhere (browser or deep link), with a link a
    /// view may follow.
    var linkButtons: [InboxButton] {
        buttons.filter { button in
            switch button.action.type {
            case .browser: button.action.url.map(URLRule.isWebURL) ?? false
            case .deepLink: button.action.url.map(URLRule.isLink) ?? false
            case .openApp: false
            }
        }
    }
}
