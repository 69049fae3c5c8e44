import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

extension InboxStore {
    static let maxIDsPerUpdate = 1_000
    static let maxEventsPerBatch = 500

    private struct ChangedRow: Decodable {
        var message_id: UUID
    }

    /// Applies a user's change to their own messages; returns how many changed. Other users'
    /// messages are out of reach: every statement is bound to this user's rows.
    func update(_ operation: InboxOperation, messageIDs: [String], appID: UUID, userID: String) async throws -> Int {
        guard messageIDs.count <= Self.maxIDsPerUpdate else {
            throw APIError(.badRequest, code: "too_many_ids", "send at most \(Self.maxIDsPerUpdate) message IDs at once")
        }
        // Ids that are not UUIDs name no message; they change nothing.
        let ids: [any Encodable & Sendable] = messageIDs.compactMap(UUID.init(uuidString:))
        let byID: Bool = switch operation {
        case .markRead, .markUnread, .delete: true
        case .markAllRead: false
        }
        if byID && ids.isEmpty { return 0 }
        let now = nowMillis
        let change: SQLQueryString
        let condition: SQLQueryString
        switch operation {
        case .markRead, .markAllRead:
            change = "is_read = \(true)"
            condition = "is_read = \(false)"
        case .markUnread:
            change = "is_read = \(false)"
            condition = "is_read = \(true)"
        case .delete:
            change = "is_deleted = \(true), deleted_at = \(bind: now)"
            condition = "is_deleted = \(false)"
        }
        let filter: SQLQueryString = byID ? " AND message_id IN (\(binds: ids))" : ""
        return try await database.writeTransaction { db in
            let seq = try await Self.nextSequence(of: appID, on: db)
            return try await Self.sql(db).raw("""
                UPDATE \(ident: InboxSchema.entries) SET \(change), change_seq = \(bind: seq)
                WHERE app_id = \(bind: appID) AND user_id = \(bind: userID) AND is_deleted = \(false) AND \(condition)
                  AND deliver_at <= \(bind: now) AND (expires_at IS NULL OR expires_at > \(bind: now))\(filter)
                RETURNING message_id
                """).all(decoding: ChangedRow.self).count
        }
    }

    private struct StoredRow: Decodable {
        var event_key: String
    }

    /// Stores opens and clicks of the user's own messages; returns how many were new. Under refused
    /// consent only events the app tracked explicitly without consent are stored, and a retried
    /// batch (same event ids) is stored once.
    func track(_ events: [InboxTrackingEvent], consent: InboxTrackingConsent, appID: UUID, userID: String,
               deviceID: String?) async throws -> Int {
        guard events.count <= Self.maxEventsPerBatch else {
            throw APIError(.badRequest, code: "too_many_events", "send at most \(Self.maxEventsPerBatch) events at once")
        }
        let valid = events.filter { event in
            (consent.allowsTracking || event.withoutTrackingConsent)
                && !event.id.isEmpty && event.id.count <= 100 && UUID(uuidString: event.messageID) != nil
        }
        guard !valid.isEmpty else { return 0 }
        let ids: [any Encodable & Sendable] = valid.compactMap { UUID(uuidString: $0.messageID) }
        return try await database.writeTransaction { db in
            let sql = try Self.sql(db)
            let own = Set(try await sql.raw("""
                SELECT message_id FROM \(ident: InboxSchema.entries)
                WHERE app_id = \(bind: appID) AND user_id = \(bind: userID) AND message_id IN (\(binds: ids))
                """).all(decoding: ChangedRow.self).map(\.message_id))
            var stored = 0
            for event in valid {
                guard let messageID = UUID(uuidString: event.messageID), own.contains(messageID) else { continue }
                let url = event.url.flatMap { $0.count <= URLRule.maxLength ? $0 : nil }
                let rows = try await sql.raw("""
                    INSERT INTO \(ident: InboxSchema.events)
                      (app_id, user_id, event_key, message_id, interaction, url, occurred_at, device_id)
                    VALUES (\(bind: appID), \(bind: userID), \(bind: event.id), \(bind: messageID),
                            \(bind: event.interaction.rawValue), \(bind: url), \(bind: event.timestamp), \(bind: deviceID))
                    ON CONFLICT (app_id, user_id, event_key) DO NOTHING
                    RETURNING event_key
                    """).all(decoding: StoredRow.self)
                stored += rows.count
            }
            return stored
        }
    }
}
