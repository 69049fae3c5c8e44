import Foundation
import MarqueeModel
import MarqueeRender

/// One message as the inbox list shows it: an unread flag, the delivery time in words, the title
/// on one line, the body's first two lines and a square image.
///
/// The texts are whole; the view cuts them to their lines and ends a cut text with "…".
public struct InboxRow: Sendable, Hashable, Identifiable {
    /// The message's id.
    public var id: String
    /// Whether the message is still unread.
    public var isUnread: Bool
    /// When the message arrived, relative to now ("2 h ago").
    public var time: String
    /// The title, on one line.
    public var title: String
    /// The body's text as one paragraph; the list shows two lines of it.
    public var preview: String
    /// The image to show as a square thumbnail, if the message has one.
    public var imageURL: URL?

    /// The most lines of ``title`` a row shows.
    public static let titleLineLimit = 1
    /// The most lines of ``preview`` a row shows.
    public static let previewLineLimit = 2

    /// The row of `message` at `now`, worded with `labels`.
    public init(_ message: InboxMessage, labels: InboxLabels, now: Date) {
        id = message.id
        isUnread = !message.isRead
        time = labels.relativeTime(of: message.deliveredAt, now: now)
        title = message.content.singleLineTitle
        preview = message.content.bodyPreview
        imageURL = message.content.imageWebURL
    }
}
