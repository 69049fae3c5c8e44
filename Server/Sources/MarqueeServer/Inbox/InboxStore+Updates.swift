import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

extension InboxStore {
    static let maxIDsPerUpdate = 1_000

    private struct ChangedRow: Decodable {
        var message_key: Int64
    }

    private struct MessageID: Decodable {
        var id: UUID
    }

    /// Applies a user's change to their own messages; returns how many changed. Other users'
    /// messages are out of reach: every statement is bound to this user's rows.
    func update(_ operation: InboxOperation, messageIDs: [String], appID: UUID, userID: String) async throws -> Int {
        guard messageIDs.count <= Self.maxIDsPerUpdate else {
            throw InboxStoreError.tooManyIDs(maximum: Self.maxIDsPerUpdate)
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
        let filter: SQLQueryString = byID ? """
             AND message_key IN (SELECT copy_key FROM \(ident: InboxSchema.messages) WHERE app_id = \(bind: appID) AND id IN (\(binds: ids)))
            """ : ""
        let type: EventType = switch operation {
        case .markRead, .markAllRead: .inboxRead
        case .markUnread: .inboxUnread
        case .delete: .inboxDelete
        }
        return try await database.writeTransaction { db in
            let seq = try await Self.nextSequence(of: appID, on: db)
            let sql = try Self.sql(db)
            let changed = try await sql.raw("""
                UPDATE \(ident: InboxSchema.entries) SET \(change), change_seq = \(bind: seq)
                WHERE user_key = \(bind: InboxCopyKey.user(userID, in: appID).stored) AND is_deleted = \(false) AND \(condition)
                  AND deliver_at <= \(bind: now) AND (expires_at IS NULL OR expires_at > \(bind: now))\(filter)
                RETURNING message_key
                """).all(decoding: ChangedRow.self).map(\.message_key)
            guard !changed.isEmpty else { return 0 }
            let messages = try await sql.raw("""
                SELECT id FROM \(ident: InboxSchema.messages) WHERE app_id = \(bind: appID) AND copy_key IN (\(binds: changed))
                """).all(decoding: MessageID.self).map(\.id.canonical).sorted().map(JSONValue.string)
            try await EventLog.append([EventLog.Entry(appID: appID, type: type, userID: userID, serverTime: now,
                                                      data: ["messages": .array(messages)])], on: sql)
            return changed.count
        }
    }
}
