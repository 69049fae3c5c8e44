import MarqueeModel

/// What a user did with an inbox message.
public enum InboxInteraction: String, Sendable, Hashable, Codable, CaseIterable {
    case opened
    case clicked
}

/// One tracked interaction; `id` is chosen by the client so a retried batch is stored once.
public struct InboxTrackingEvent: Sendable, Hashable, Codable {
    public var id: String
    public var messageID: String
    public var interaction: InboxInteraction
    /// The URL of the clicked action, for `clicked`.
    public var url: String?
    /// Milliseconds since 1970.
    public var timestamp: Int64
    /// The app tracked this event regardless of the user's consent (a `…WithoutTrackingConsent`
    /// call), so the server stores it even under `denied`. Sent only when `true`; absent means `false`.
    public var withoutTrackingConsent: Bool

    public init(id: String, messageID: String, interaction: InboxInteraction, url: String? = nil, timestamp: Int64,
                withoutTrackingConsent: Bool = false) {
        self.id = id
        self.messageID = messageID
        self.interaction = interaction
        self.url = url
        self.timestamp = timestamp
        self.withoutTrackingConsent = withoutTrackingConsent
    }

    enum CodingKeys: String, CodingKey { case id, messageID, interaction, url, timestamp, withoutTrackingConsent }

    /// Lenient: a client that predates `withoutTrackingConsent` sends no such key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        messageID = try c.decode(String.self, forKey: .messageID)
        interaction = try c.decode(InboxInteraction.self, forKey: .interaction)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        timestamp = try c.decode(Int64.self, forKey: .timestamp)
        withoutTrackingConsent = try c.decodeIfPresent(Bool.self, forKey: .withoutTrackingConsent) ?? false
    }

    /// Leaves `withoutTrackingConsent` out when `false`, so ordinary events read as they always did.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(messageID, forKey: .messageID)
        try c.encode(interaction, forKey: .interaction)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encode(timestamp, forKey: .timestamp)
        if withoutTrackingConsent { try c.encode(true, forKey: .withoutTrackingConsent) }
    }
}

/// The body of `POST <inbox.track>`.
public struct InboxTrackRequest: Sendable, Hashable, Codable {
    public var userIdentifiers: [UserIdentifierDTO]
    /// The user's consent when the events were recorded; under `denied` the server stores only
    /// events marked ``InboxTrackingEvent/withoutTrackingConsent``.
    public var consent: InboxTrackingConsent
    public var events: [InboxTrackingEvent]

    public init(userIdentifiers: [UserIdentifierDTO], consent: InboxTrackingConsent, events: [InboxTrackingEvent]) {
        self.userIdentifiers = userIdentifiers
        self.consent = consent
        self.events = events
    }
}

/// The answer to a tracking batch.
public struct InboxTrackResponse: Sendable, Hashable, Codable {
    /// Events stored now (repeats of stored events, other users' messages and events refused for
    /// lack of consent count nothing).
    public var stored: Int

    public init(stored: Int) { self.stored = stored }
}
