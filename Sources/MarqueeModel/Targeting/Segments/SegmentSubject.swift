import Foundation

/// Everything a segment rule reads of one user, at one moment.
public struct SegmentSubject: Sendable {
    public var attributes: [String: ProfileValue]
    public var tags: Set<String>
    public var facts: UserFacts
    /// When the user last did each action on each campaign (campaign IDs in lower case).
    public var history: [HistoryEntry: Date]
    public var now: Date

    public init(attributes: [String: ProfileValue] = [:], tags: Set<String> = [], facts: UserFacts = UserFacts(),
                history: [HistoryEntry: Date] = [:], now: Date) {
        self.attributes = attributes
        self.tags = tags
        self.facts = facts
        self.history = history
        self.now = now
    }

    public struct HistoryEntry: Sendable, Hashable {
        public var campaign: String
        public var action: HistoryCondition.Action

        public init(campaign: String, action: HistoryCondition.Action) {
            self.campaign = campaign.lowercased()
            self.action = action
        }
    }
}

/// What the server saw of a user's app, from their pings.
public struct UserFacts: Sendable, Hashable {
    public var firstSeen: Date?
    public var lastSeen: Date?
    public var sessions: Int
    public var appVersion: AppVersion?
    public var platform: Platform?
    /// Normalized as ``DeviceContext/locale``.
    public var locale: String?

    public init(firstSeen: Date? = nil, lastSeen: Date? = nil, sessions: Int = 0, appVersion: AppVersion? = nil,
                platform: Platform? = nil, locale: String? = nil) {
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.sessions = sessions
        self.appVersion = appVersion
        self.platform = platform
        self.locale = locale.map(DeviceContext.normalizedLocale)
    }
}
