import Marquee
import MarqueeRender

/// The logic of the inbox button: its title and the unread count for its badge, kept current
/// from ``Marquee/MarqueeInbox/changes``.
@MainActor
public final class InboxButtonViewModel {
    /// Unread messages in the inbox as the device holds it.
    public private(set) var unreadCount = 0 { didSet { if unreadCount != oldValue { observers.notify() } } }
    /// Who hears of changes: UIKit views through ``observe(by:_:)``, SwiftUI through `objectWillChange`.
    let observers = ViewModelObservers()
    /// The inbox, clock and words the button uses.
    public let context: InboxViewContext

    /// The most the badge counts; beyond it shows "99+".
    public static let badgeLimit = 99

    /// A button for the inbox in `context`.
    public init(context: InboxViewContext = InboxViewContext()) {
        self.context = context
    }

    /// The button's title.
    public var title: String { context.labels.title }

    /// Calls `onChange` after every change of the unread count, for as long as `owner` lives.
    public func observe(by owner: AnyObject, _ onChange: @escaping @MainActor () -> Void) {
        observers.add(owner: owner, onChange)
    }

    /// The badge text; `nil` when nothing is unread.
    public var badge: String? { Self.badgeText(for: unreadCount) }

    /// The badge text for `count` unread messages: `nil` for none, "99+" beyond ``badgeLimit``.
    public static func badgeText(for count: Int) -> String? {
        switch count {
        case ...0: nil
        case ...badgeLimit: String(count)
        default: "\(badgeLimit)+"
        }
    }

    /// The unread count in words, for accessibility ("3 unread").
    public var unreadDescription: String {
        String(format: context.labels.unreadCount, unreadCount)
    }

    /// Keeps ``unreadCount`` current; returns when the calling task is cancelled.
    public func followChanges() async {
        for await snapshot in context.inbox.changes {
            unreadCount = snapshot.unreadCount
        }
    }
}
