import MarqueeModel

/// The body of `POST <inbox.sync>`: what changed in this user's inbox since `syncToken`.
public struct InboxSyncRequest: Sendable, Hashable, Codable {
    public var userIdentifiers: [UserIdentifierDTO]
    /// The token of the last sync; absent for a full sync.
    public var syncToken: String?
    /// The largest page wanted; the server caps it.
    public var limit: Int?
    // The device, for the targeting of inbox campaigns (as in the ping request).
    public var appVersion: String?
    public var locale: String?
    public var platform: Platform?

    public init(userIdentifiers: [UserIdentifierDTO], syncToken: String? = nil, limit: Int? = nil,
                appVersion: String? = nil, locale: String? = nil, platform: Platform? = nil) {
        self.userIdentifiers = userIdentifiers
        self.syncToken = syncToken
        self.limit = limit
        self.appVersion = appVersion
        self.locale = locale
        self.platform = platform
    }

    enum CodingKeys: String, CodingKey { case userIdentifiers, syncToken, limit, appVersion, locale, platform }

    /// An unknown platform is dropped rather than rejected.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userIdentifiers = try c.decode([UserIdentifierDTO].self, forKey: .userIdentifiers)
        syncToken = try c.decodeIfPresent(String.self, forKey: .syncToken)
        limit = try c.decodeIfPresent(Int.self, forKey: .limit)
        appVersion = try c.decodeIfPresent(String.self, forKey: .appVersion)
        locale = try c.decodeIfPresent(String.self, forKey: .locale)
        platform = try c.decodeIfPresent(String.self, forKey: .platform).flatMap(Platform.init(rawValue:))
    }
}

/// The answer to a sync: messages to add or replace, ids to remove, and the token for next time.
public struct InboxSyncResponse: Sendable, Hashable, Codable {
    /// New messages and messages whose state changed (read, unread).
    public var messages: [InboxMessage]
    /// Messages that left the inbox (deleted or expired).
    public var removedIDs: [String]
    /// Opaque; send it with the next sync.
    public var syncToken: String
    /// More changes wait: sync again at once with the new token.
    public var hasMore: Bool
    /// `true` when the request had no token: the client replaces its whole list with this page and the ones after it.
    public var fullSync: Bool
    /// Unread messages in the whole inbox now.
    public var unreadCount: Int

    public init(messages: [InboxMessage], removedIDs: [String], syncToken: String, hasMore: Bool, fullSync: Bool,
                unreadCount: Int) {
        self.messages = messages
        self.removedIDs = removedIDs
        self.syncToken = syncToken
        self.hasMore = hasMore
        self.fullSync = fullSync
        self.unreadCount = unreadCount
    }
}
