import Foundation
import MarqueeModel
import MarqueeRender

/// One message as the detail view shows it: a large image (or a placeholder), the delivery time,
/// the full title and body (with the links of an HTML body), the main action's button ("See
/// more") and one button per other action that leads somewhere.
public struct InboxDetail: Sendable, Hashable, Identifiable {
    /// The message's id.
    public var id: String
    /// The large image; `nil` shows a placeholder.
    public var imageURL: URL?
    /// When the message arrived, relative to now ("2 h ago").
    public var time: String
    /// The full title.
    public var title: String
    /// The full body, as text.
    public var body: String
    /// The full body as paragraphs of text and links; tapping a link follows it like a button
    /// (``InboxDetailViewModel/follow(_:)``).
    public var richBody: InboxRichText
    /// The main action's button first (titled ``MarqueeRender/InboxLabels/mainAction``), then one
    /// per browser or deep-link button, in the message's order. Actions that only open the app get none.
    public var buttons: [InboxDetailButton]

    /// The detail of `message` at `now`, worded with `labels`.
    public init(_ message: InboxMessage, labels: InboxLabels, now: Date) {
        id = message.id
        imageURL = message.content.imageWebURL
        time = labels.relativeTime(of: message.deliveredAt, now: now)
        title = message.content.title
        body = message.content.bodyText
        richBody = InboxRichText(message.content)
        let hasMain = message.content.mainAction?.leadsSomewhere ?? false
        buttons = message.content.detailButtons(labels: labels).enumerated().map { index, button in
            InboxDetailButton(id: index, title: button.title, action: button.action, isMainAction: hasMain && index == 0)
        }
    }
}
