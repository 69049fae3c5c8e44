import Foundation
import MarqueeWire

/// An impression batch waiting to be sent.
struct OutboxItem: Sendable, Hashable, Codable {
    /// The identity the batch was recorded for; its access token is used only while it is current.
    var identityKey: String
    var request: ImpressionRequest
    var attempts: Int = 0
    /// Not retried before this time (backoff).
    var notBefore: Date
}

/// Unsent impression batches, saved so they survive restarts. Each batch carries a `batchId`, so a
/// retry the server already counted is counted once.
struct Outbox: Sendable, Hashable, Codable {
    var items: [OutboxItem] = []

    static let fileName = "outbox.json"
    /// Oldest batches are dropped beyond this many, so an offline device's file stays small.
    static let limit = 500

    mutating func append(_ item: OutboxItem) {
        items.append(item)
        if items.count > Self.limit { items.removeFirst(items.count - Self.limit) }
    }

    mutating func remove(batchID: String?) {
        items.removeAll { $0.request.batchId == batchID }
    }

    /// The earliest time a waiting batch may be retried.
    var nextRetry: Date? { items.map(\.notBefore).min() }
}

/// Device-wide state: the identifier sent as `device_id`, the endpoints and the rollout decision.
struct DeviceState: Sendable, Hashable, Codable {
    var deviceID: String
    var endpoints: Endpoints?
    var rolloutEnabled: Bool?

    static let fileName = "device.json"
}
