import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

extension InboxStore {
    static let maxEventsPerBatch = 500
    /// The most tracking requests one transaction takes (``GroupCommit``).
    static let maxTrackingBatchesPerCommit = 32

    /// One request's events, checked, waiting for a group commit.
    struct TrackedEvents: Sendable {
        var appID: UUID
        var userID: String
        var deviceID: String?
        var events: [InboxTrackingEvent]
        /// Milliseconds since 1970 when the request arrived.
        var receivedAt: Int64
    }

    /// An event as the table's key knows it: its user's and its own ID's digests.
    private struct EventKey: Decodable, Hashable {
        var app_id: UUID
        var user_digest: KeyDigest
        var event_digest: KeyDigest
    }

    private struct MessageRow: Decodable {
        var message_id: UUID
    }

    private static let eventInsert = RowInsert(
        table: InboxSchema.events,
        columns: ["app_id", "user_digest", "event_digest", "message_id", "interaction", "url", "occurred_at", "device_digest"],
        clause: "ON CONFLICT (app_id, user_digest, event_digest) DO NOTHING RETURNING app_id, user_digest, event_digest")

    /// Stores opens and clicks of the user's own messages; returns how many were new. Under refused
    /// consent only events the app tracked explicitly without consent are stored, and a retried
    /// batch (same event ids) is stored once. Concurrent requests share a transaction (``tracking``).
    func track(_ events: [InboxTrackingEvent], consent: InboxTrackingConsent, appID: UUID, userID: String,
               deviceID: String?) async throws -> Int {
        guard events.count <= Self.maxEventsPerBatch else {
            throw InboxStoreError.tooManyEvents(maximum: Self.maxEventsPerBatch)
        }
        let valid = events.filter { event in
            (consent.allowsTracking || event.withoutTrackingConsent)
                && !event.id.isEmpty && IdentifierLimits.fits(event.id, 100) && UUID(uuidString: event.messageID) != nil
        }
        guard !valid.isEmpty else { return 0 }
        return try await tracking.submit(TrackedEvents(appID: appID, userID: userID, deviceID: deviceID, events: valid, receivedAt: nowMillis))
    }

    /// Stores each request's events in one transaction; for each, how many were new. An event
    /// sent twice (a retry racing its original) is stored once and counted for the first request.
    @Sendable static func storeTracked(_ batches: [TrackedEvents], transactions: any SQLWriteTransactions) async throws -> [Int] {
        try await transactions.writeTransaction { sql in
            var rows: [[StoredValue]] = []
            var offeredBy: [EventKey: Int] = [:]
            var logged: [EventKey: EventLog.Entry] = [:]
            for (index, batch) in batches.enumerated() {
                let ids = batch.events.compactMap { UUID(uuidString: $0.messageID) }.map(StoredValue.uuid)
                // Only the user's own messages can be tracked.
                let own = Set(try await sql.raw("""
                    SELECT m.id AS message_id FROM \(unsafeRaw: InboxSchema.entries) e
                    JOIN \(unsafeRaw: InboxSchema.messages) m ON m.copy_key = e.message_key
                    WHERE e.user_key = \(bind: InboxCopyKey.user(batch.userID, in: batch.appID).stored)
                      AND m.app_id = \(bind: StoredValue.uuid(batch.appID)) AND m.id IN (\(binds: ids))
                    """).all(decoding: MessageRow.self).map(\.message_id))
                for event in batch.events {
                    guard let messageID = UUID(uuidString: event.messageID), own.contains(messageID) else { continue }
                    let key = EventKey(app_id: batch.appID, user_digest: KeyDigest(batch.userID), event_digest: KeyDigest(event.id))
                    guard offeredBy[key] == nil else { continue }
                    offeredBy[key] = index
                    let url = event.url.flatMap { $0.utf8.count <= URLRule.maxLength ? $0 : nil }
                    rows.append([.uuid(batch.appID), key.user_digest.stored, key.event_digest.stored, .uuid(messageID),
                                 .text(event.interaction.rawValue), .text(url), .integer(Int(event.timestamp)),
                                 .bytes(batch.deviceID.map { KeyDigest($0).bytes })])
                    var data: [String: JSONValue] = ["interaction": .string(event.interaction.rawValue), "message": .string(messageID.canonical)]
                    if let url { data["url"] = .string(url) }
                    logged[key] = EventLog.Entry(appID: batch.appID, type: .inboxInteraction, userID: batch.userID, deviceID: batch.deviceID,
                                                 deviceTime: event.timestamp, serverTime: batch.receivedAt, data: data)
                }
            }
            var stored = Array(repeating: 0, count: batches.count)
            var entries: [EventLog.Entry] = []
            for key in try await sql.run(eventInsert, rows: rows, returning: EventKey.self) {
                if let index = offeredBy[key] { stored[index] += 1 }
                if let entry = logged[key] { entries.append(entry) }
            }
            try await EventLog.append(entries, on: sql)
            return stored
        }
    }
}
