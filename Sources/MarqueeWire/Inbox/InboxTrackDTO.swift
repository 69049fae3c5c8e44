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

    public init(id: String, messageID: String, interaction: InboxInteraction, url: String? = nil, timestamp: Int64) {
        self.id = id
        self.messageID = messageID
        self.interaction = interaction
        self.url = url
        self.timestamp = timestamp
    }
}

/// The body of `POST <inbox.track>`.
public struct InboxTrackRequest: Sendable, Hashable, Codable {
    public var userIdentifiers: [UserIdentifierDTO]
    /// The consent the events were recorded under; the server stores nothing under `denied`.
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
    /// Events stored now (repeats of stored events, other users' messages and refused consent count nothing).
    public var stored: Int

    public init(stored: Int) { self.stored = stored }
}
