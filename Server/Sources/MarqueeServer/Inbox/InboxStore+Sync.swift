import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

extension InboxStore {
    struct EntryRow: Decodable {
        var message_id: UUID
        var deliver_at: Int64
        var expires_at: Int64?
        var is_read: Bool
        var is_deleted: Bool
        var change_seq: Int64
        var content: String
    }

    private struct CountRow: Decodable {
        var total: Int
    }

    /// What changed in `userID`'s inbox since `tokenText` (everything when `nil`), one page at a time.
    ///
    /// Two kinds of change reach a client: state changes, which carry a change number, and the
    /// passing of time (a message's delivery time or expiry falls between two syncs), which the
    /// token's time covers. Rows whose number is above the token's are read by number, one page
    /// at a time; rows at or below it are checked for deliveries and expiries since the token's time.
    func sync(appID: UUID, userID: String, tokenText: String?, limit: Int?) async throws -> InboxSyncResponse {
        let db = database
        let tag = InboxSyncToken.userTag(appID: appID, userID: userID)
        // The counter first: everything numbered up to it has committed (see InboxStore).
        let counter = try await Self.sequence(of: appID, on: db)
        var token: InboxSyncToken?
        if let tokenText {
            guard let parsed = InboxSyncToken(text: tokenText), parsed.userTag == tag, counter.accepts(parsed) else {
                throw InboxStoreError.resyncRequired
            }
            token = parsed
        }
        let now = max(nowMillis, token?.asOfMillis ?? 0)
        let pageSize = min(max(limit ?? Self.defaultPageSize, 1), Self.maxPageSize)
        let after = token?.sequence ?? 0
        let sql = try Self.sql(db)
        let entries = InboxSchema.entries, messages = InboxSchema.messages
        let columns: SQLQueryString = """
            m.id AS message_id, e.deliver_at, e.expires_at, e.is_read, e.is_deleted, e.change_seq, m.content
            FROM \(ident: entries) e JOIN \(ident: messages) m ON m.copy_key = e.message_key
            WHERE e.user_key = \(bind: InboxCopyKey.user(userID, in: appID).stored)
            """
        let liveOnly: SQLQueryString = token == nil ? " AND e.is_deleted = \(false)" : ""
        var changed = try await sql.raw("""
            SELECT \(columns) AND e.change_seq > \(bind: after) AND e.change_seq <= \(bind: counter.last_seq)\(liveOnly)
            ORDER BY e.change_seq LIMIT \(literal: pageSize + 1)
            """).all(decoding: EntryRow.self)
        var reached = counter.last_seq
        var hasMore = false
        if changed.count > pageSize {
            // One change number can stamp many rows (mark all read): a page ends between numbers,
            // or holds every row of one number when that number alone fills it.
            hasMore = true
            let boundary = changed[pageSize].change_seq
            changed = changed.filter { $0.change_seq < boundary }
            if changed.isEmpty {
                changed = try await sql.raw("SELECT \(columns) AND e.change_seq = \(bind: boundary)\(liveOnly)")
                    .all(decoding: EntryRow.self)
                reached = boundary
                let later = try await sql.raw("""
                    SELECT \(columns) AND e.change_seq > \(bind: boundary) AND e.change_seq <= \(bind: counter.last_seq)\(liveOnly)
                    LIMIT 1
                    """).all(decoding: EntryRow.self)
                hasMore = !later.isEmpty
            } else {
                reached = boundary - 1
            }
        }
        var timed: [EntryRow] = []
        if let token, now > token.asOfMillis {
            let since = token.asOfMillis
            timed = try await sql.raw("""
                SELECT \(columns) AND e.change_seq <= \(bind: after) AND e.is_deleted = \(false)
                  AND ((e.deliver_at > \(bind: since) AND e.deliver_at <= \(bind: now))
                       OR (e.expires_at > \(bind: since) AND e.expires_at <= \(bind: now)))
                """).all(decoding: EntryRow.self)
        }
        if let token {
            // A purge that committed after the counter was read may have removed rows this sync
            // needed: read the counter again now that the rows are read.
            guard try await Self.sequence(of: appID, on: db).accepts(token) else { throw InboxStoreError.resyncRequired }
        }
        var added: [InboxMessage] = []
        var removed: [String] = []
        for row in changed + timed {
            let expired = row.expires_at.map { $0 <= now } ?? false
            if row.is_deleted || expired {
                removed.append(row.message_id.canonical)
            } else if row.deliver_at <= now {
                added.append(try Self.message(from: row))
            }
            // Not yet delivered: its delivery time will fall inside a later sync's time window.
        }
        let unread = try await unreadCount(appID: appID, userID: userID, now: now)
        let next = InboxSyncToken(sequence: reached, asOfMillis: now, userTag: tag)
        return InboxSyncResponse(messages: added.sorted { ($0.deliveredAt, $0.id) > ($1.deliveredAt, $1.id) },
                                 removedIDs: removed, syncToken: next.text, hasMore: hasMore,
                                 fullSync: token == nil, unreadCount: unread)
    }

    /// Unread messages in the user's inbox at `now`.
    func unreadCount(appID: UUID, userID: String, now: Int64) async throws -> Int {
        try await Self.sql(database).raw("""
            SELECT COUNT(*) AS total FROM \(ident: InboxSchema.entries)
            WHERE user_key = \(bind: InboxCopyKey.user(userID, in: appID).stored) AND is_read = \(false) AND is_deleted = \(false)
              AND deliver_at <= \(bind: now) AND (expires_at IS NULL OR expires_at > \(bind: now))
            """).first(decoding: CountRow.self)?.total ?? 0
    }

    static func message(from row: EntryRow) throws -> InboxMessage {
        let content: InboxContent
        do {
            content = try MarqueeJSON.decoder().decode(InboxContent.self, from: Data(row.content.utf8))
        } catch {
            throw StoredDataError(what: "inbox message \(row.message_id)", underlying: "\(error)")
        }
        return InboxMessage(id: row.message_id.canonical, content: content, deliveredAt: Date(inboxMillis: row.deliver_at),
                            expiresAt: row.expires_at.map(Date.init(inboxMillis:)), isRead: row.is_read)
    }
}
