import Foundation

/// Where an app's events are delivered: a URL, the event types it takes (none named: every
/// type), and whether deliveries run.
struct WebhookEndpoint: Sendable, Equatable {
    enum Status: String, Sendable, Codable, CaseIterable {
        /// Deliveries run.
        case active
        /// Paused by the team: events wait in the log, and are delivered once it is active again.
        case paused
        /// Stopped by the server after a day of failed deliveries; the team turns it back on.
        case disabled
    }

    var id: UUID
    var appID: UUID
    var url: String
    /// Empty: every type.
    var types: Set<EventType>
    var status: Status
    var createdAt: Int64
    /// Since when every attempt has failed; `nil` while deliveries succeed.
    var failingSince: Int64?
    /// Where in the log deliveries have reached.
    var cursor: EventCursor

    /// Types as the log's reader takes them: `nil` for every type.
    var typeFilter: Set<EventType>? { types.isEmpty ? nil : types }
}
