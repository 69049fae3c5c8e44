import MarqueeModel

/// The current user's App Inbox as the device holds it at one moment: what
/// ``MarqueeInbox/changes`` yields.
public struct InboxSnapshot: Sendable, Hashable {
    /// The messages to show, newest first, without the ones expired when the snapshot was taken.
    public var messages: [InboxMessage]

    /// Creates a snapshot of `messages`.
    public init(messages: [InboxMessage]) {
        self.messages = messages
    }

    /// How many of ``messages`` are unread.
    public var unreadCount: Int {
        messages.count { !$0.isRead }
    }
}
