import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// A stored message with what its recipients did with it.
struct InboxMessageSummary: Sendable, Decodable {
    var id: UUID
    var content: String
    var source: String
    var campaign_id: UUID?
    var deliver_at: Int64
    var expires_at: Int64?
    var created_at: Int64
    var recipients: Int
    var read_count: Int
    var opened: Int
    /// Recipients who opened it at least once, on any device.
    var unique_readers: Int
    var clicked: Int
    /// Clicks by the URL of the action clicked (`""` for actions without one); filled by ``InboxStore/list(appID:userID:messageID:limit:offset:)``.
    var clicksByURL: [String: Int] = [:]

    private enum CodingKeys: String, CodingKey {
        case id, content, source, campaign_id, deliver_at, expires_at, created_at, recipients, read_count, opened,
             unique_readers, clicked
    }
}

/// One row of clicks grouped by message and URL.
private struct ClickCountRow: Decodable {
    var message_id: UUID
    var url: String?
    var clicks: Int
}

extension InboxStore {
    static let maxListLimit = 200

    /// The app's messages, newest first; with `userID`, only those addressed to that user; with
    /// `messageID`, only that message.
    func list(appID: UUID, userID: String?, messageID: UUID? = nil, limit: Int, offset: Int) async throws -> [InboxMessageSummary] {
        let m = InboxSchema.messages, e = InboxSchema.entries, v = InboxSchema.events
        var forUser: SQLQueryString = ""
        if let userID {
            let user = InboxCopyKey.user(userID, in: appID).stored
            forUser = " AND EXISTS (SELECT 1 FROM \(ident: e) x WHERE x.message_key = m.copy_key AND x.user_key = \(bind: user))"
        }
        if let messageID {
            forUser = forUser + " AND m.id = \(bind: messageID)"
        }
        let sql = try Self.sql(database)
        var summaries = try await sql.raw("""
            SELECT m.id, m.content, m.source, m.campaign_id, m.deliver_at, m.expires_at, m.created_at,
              (SELECT COUNT(*) FROM \(ident: e) r WHERE r.message_key = m.copy_key) AS recipients,
              (SELECT COUNT(*) FROM \(ident: e) r WHERE r.message_key = m.copy_key AND r.is_read = \(true)) AS read_count,
              (SELECT COUNT(*) FROM \(ident: v) t WHERE t.message_id = m.id AND t.interaction = 'opened') AS opened,
              (SELECT COUNT(DISTINCT t.user_digest) FROM \(ident: v) t WHERE t.message_id = m.id AND t.interaction = 'opened') AS unique_readers,
              (SELECT COUNT(*) FROM \(ident: v) t WHERE t.message_id = m.id AND t.interaction = 'clicked') AS clicked
            FROM \(ident: m) m
            WHERE m.app_id = \(bind: appID) AND m.deleted_at IS NULL\(forUser)
            ORDER BY m.created_at DESC, m.id LIMIT \(literal: limit) OFFSET \(literal: offset)
            """).all(decoding: InboxMessageSummary.self)
        guard !summaries.isEmpty else { return [] }
        let ids: [any Encodable & Sendable] = summaries.map(\.id)
        let clicks = try await sql.raw("""
            SELECT message_id, url, COUNT(*) AS clicks FROM \(ident: v)
            WHERE app_id = \(bind: appID) AND interaction = 'clicked' AND message_id IN (\(binds: ids))
            GROUP BY message_id, url
            """).all(decoding: ClickCountRow.self)
        let byMessage = Dictionary(grouping: clicks, by: \.message_id)
        for index in summaries.indices {
            for row in byMessage[summaries[index].id] ?? [] {
                summaries[index].clicksByURL[row.url ?? "", default: 0] += row.clicks
            }
        }
        return summaries
    }

    private struct KeyRow: Decodable {
        var copy_key: Int64
    }

    /// Removes a message from every recipient's inbox; devices drop it at their next sync.
    func delete(messageID: UUID, appID: UUID) async throws {
        let now = nowMillis
        try await database.writeTransaction { db in
            let seq = try await Self.nextSequence(of: appID, on: db)
            let sql = try Self.sql(db)
            let deleted = try await sql.raw("""
                UPDATE \(ident: InboxSchema.messages) SET deleted_at = \(bind: now)
                WHERE id = \(bind: messageID) AND app_id = \(bind: appID) AND deleted_at IS NULL RETURNING copy_key
                """).first(decoding: KeyRow.self)
            guard let deleted else { throw InboxStoreError.messageNotFound }
            try await sql.raw("""
                UPDATE \(ident: InboxSchema.entries) SET is_deleted = \(true), deleted_at = \(bind: now), change_seq = \(bind: seq)
                WHERE message_key = \(bind: deleted.copy_key) AND is_deleted = \(false)
                """).run()
        }
    }

    /// Erases one user's inbox: their copies, their tracked interactions, and messages no one else received.
    /// Runs inside the caller's transaction (``UserDataEraser``); returns how many copies were removed.
    static func erase(userID: String, appID: UUID, on db: any Database) async throws -> Int {
        let sql = try Self.sql(db)
        try await sql.raw("""
            DELETE FROM \(ident: InboxSchema.events) WHERE app_id = \(bind: appID) AND user_digest = \(bind: KeyDigest(userID).stored)
            """).run()
        let removed = try await sql.raw("""
            DELETE FROM \(ident: InboxSchema.entries) WHERE user_key = \(bind: InboxCopyKey.user(userID, in: appID).stored)
            RETURNING message_key AS copy_key
            """).all(decoding: KeyRow.self)
        try await sql.raw("""
            DELETE FROM \(ident: InboxSchema.messages) WHERE app_id = \(bind: appID)
              AND NOT EXISTS (SELECT 1 FROM \(ident: InboxSchema.entries) e WHERE e.message_key = \(ident: InboxSchema.messages).copy_key)
            """).run()
        return removed.count
    }

    /// Everything of an app's inbox, when the app is deleted (inside the caller's transaction).
    static func deleteAll(of appID: UUID, on db: any Database) async throws {
        let sql = try Self.sql(db)
        try await sql.raw("""
            DELETE FROM \(ident: InboxSchema.entries)
            WHERE message_key IN (SELECT copy_key FROM \(ident: InboxSchema.messages) WHERE app_id = \(bind: appID))
            """).run()
        for table in [InboxSchema.events, InboxSchema.messages, InboxSchema.sequences] {
            try await sql.raw("DELETE FROM \(ident: table) WHERE app_id = \(bind: appID)").run()
        }
    }
}
