import Foundation

/// One message in a user's inbox, as that user sees it: the content plus the user's own state.
public struct InboxMessage: Sendable, Hashable, Codable, Identifiable {
    /// The message's id, the same for every recipient.
    public var id: String
    public var content: InboxContent
    /// When the message entered the inbox.
    public var deliveredAt: Date
    /// When it leaves the inbox; `nil` keeps it until deleted.
    public var expiresAt: Date?
    public var isRead: Bool

    public init(id: String, content: InboxContent, deliveredAt: Date, expiresAt: Date? = nil, isRead: Bool = false) {
        self.id = id
        self.content = content
        self.deliveredAt = deliveredAt
        self.expiresAt = expiresAt
        self.isRead = isRead
    }

    /// Whether the message has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }
}
