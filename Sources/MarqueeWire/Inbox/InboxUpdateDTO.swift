import MarqueeModel

/// A change a user makes to their own inbox.
public enum InboxOperation: String, Sendable, Hashable, Codable, CaseIterable {
    case markRead
    case markUnread
    /// Every message of the inbox; `messageIDs` is ignored.
    case markAllRead
    /// Removes the messages from the user's inbox on every device.
    case delete
}

/// The body of `POST <inbox.update>`.
public struct InboxUpdateRequest: Sendable, Hashable, Codable {
    public var userIdentifiers: [UserIdentifierDTO]
    public var operation: InboxOperation
    public var messageIDs: [String]

    public init(userIdentifiers: [UserIdentifierDTO], operation: InboxOperation, messageIDs: [String] = []) {
        self.userIdentifiers = userIdentifiers
        self.operation = operation
        self.messageIDs = messageIDs
    }

    enum CodingKeys: String, CodingKey { case userIdentifiers, operation, messageIDs }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userIdentifiers = try c.decode([UserIdentifierDTO].self, forKey: .userIdentifiers)
        operation = try c.decode(InboxOperation.self, forKey: .operation)
        messageIDs = try c.decodeIfPresent([String].self, forKey: .messageIDs) ?? []
    }
}

/// The answer to an update.
public struct InboxUpdateResponse: Sendable, Hashable, Codable {
    /// How many of the user's messages changed (ids of other users' or unknown messages count nothing).
    public var changed: Int

    public init(changed: Int) { self.changed = changed }
}
