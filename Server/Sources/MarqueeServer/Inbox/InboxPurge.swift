import Fluent
import Foundation
import SQLKit

/// Removes what the App Inbox keeps only so that incremental syncs learn of changes: deletion
/// markers (deleted copies, which syncs report as removed) and copies that expired, both once they
/// are older than ``InboxStore/tombstoneRetention`` (30 days), and then the messages no copy is
/// left of. Run hourly by ``HourlyJob/inboxPurge(_:)``, on the injected clock.
///
/// A token that would need a purged row is refused (410 `inbox_resync_required`) and its device
/// syncs from scratch: the app's counter keeps the newest purged marker's change number (tokens
/// below it never saw that delete) and the newest purged expiry (tokens from before it never saw
/// that copy leave). A campaign's copies stay, deleted or expired: they keep the campaign from
/// being delivered to that user again.
public struct InboxPurge: Sendable {
    /// What one purge removed.
    public struct Removed: Sendable, Equatable {
        /// Deletion markers (deleted copies) older than the window.
        public var markers = 0
        /// Copies whose expiry is older than the window.
        public var expiredCopies = 0
        /// Deleted or expired messages with no copy left.
        public var messages = 0

        /// Counts of what went.
        public init(markers: Int = 0, expiredCopies: Int = 0, messages: Int = 0) {
            self.markers = markers
            self.expiredCopies = expiredCopies
            self.messages = messages
        }

        /// Whether anything was removed.
        public var isEmpty: Bool { markers == 0 && expiredCopies == 0 && messages == 0 }
    }

    private let database: any Database
    private let clock: any ServerClock
    /// Copies removed per transaction and kind (a change that stamped more copies at once goes
    /// whole), so a large backlog never holds writers (SQLite's one write lock) for long.
    private let rowsPerStep: Int

    /// A purge of `database`'s App Inbox, with the window measured on `clock`.
    public init(database: any Database, clock: any ServerClock, rowsPerStep: Int = 1_000) {
        self.database = database
        self.clock = clock
        self.rowsPerStep = max(rowsPerStep, 1)
    }

    private struct AppRow: Decodable {
        var app_id: UUID
    }

    private struct StepRow: Decodable {
        var total: Int
        var newest: Int64?
    }

    /// Deletes the `limit` oldest copies that match `condition`, oldest by `column`, and every
    /// copy that shares the last value (one change can stamp a number on thousands of copies);
    /// then raises the app's `floor` to that value, in the caller's transaction. Returns how many
    /// copies went and whether the selection was full (more may wait).
    private static func step(_ condition: SQLQueryString, by column: String, raising floor: String, appID: UUID,
                             limit: Int, on sql: any SQLDatabase) async throws -> (removed: Int, full: Bool) {
        let entries = InboxSchema.entries
        guard let oldest = try await sql.raw("""
            SELECT COUNT(*) AS total, MAX(\(ident: column)) AS newest
            FROM (SELECT \(ident: column) FROM \(ident: entries) WHERE \(condition) ORDER BY \(ident: column) LIMIT \(literal: limit)) oldest
            """).first(decoding: StepRow.self), let newest = oldest.newest else { return (0, false) }
        let removed = try await sql.raw("""
            DELETE FROM \(ident: entries) WHERE \(condition) AND \(ident: column) <= \(bind: newest) RETURNING message_key
            """).all(decoding: KeyRow.self).count
        try await sql.raw("""
            UPDATE \(ident: InboxSchema.sequences) SET \(ident: floor) = \(bind: newest)
            WHERE app_id = \(bind: appID) AND \(ident: floor) < \(bind: newest)
            """).run()
        return (removed, oldest.total >= limit)
    }

    private struct IDRow: Decodable {
        var id: UUID
    }

    private struct KeyRow: Decodable {
        var message_key: Int64
    }

    /// Purges every app's inbox; returns what went.
    @discardableResult
    public func purge() async throws -> Removed {
        let cutoff = clock.nowMillis - Int64(InboxStore.tombstoneRetention * 1000)
        let apps = try await InboxStore.sql(database).raw("SELECT app_id FROM \(ident: InboxSchema.sequences)")
            .all(decoding: AppRow.self).map(\.app_id)
        var removed = Removed()
        for appID in apps {
            let app = try await purge(appID: appID, before: cutoff)
            removed.markers += app.markers
            removed.expiredCopies += app.expiredCopies
            removed.messages += app.messages
        }
        return removed
    }

    private func purge(appID: UUID, before cutoff: Int64) async throws -> Removed {
        let entries = InboxSchema.entries, messages = InboxSchema.messages
        // Copies of the app's messages that came from no campaign. The unary plus keeps SQLite
        // on the time's index (old markers are few) rather than reading every copy of every message.
        let sent: SQLQueryString = """
            +message_key IN (SELECT copy_key FROM \(ident: messages) WHERE app_id = \(bind: appID) AND campaign_id IS NULL)
            """
        let markers: SQLQueryString = "is_deleted = \(true) AND deleted_at < \(bind: cutoff) AND \(sent)"
        let expired: SQLQueryString = "is_deleted = \(false) AND expires_at < \(bind: cutoff) AND \(sent)"
        let limit = rowsPerStep
        var removed = Removed()
        while true {
            let (markerStep, expiredStep) = try await database.writeTransaction { db in
                let sql = try InboxStore.sql(db)
                return (try await Self.step(markers, by: "change_seq", raising: "min_seq", appID: appID, limit: limit, on: sql),
                        try await Self.step(expired, by: "expires_at", raising: "min_as_of", appID: appID, limit: limit, on: sql))
            }
            removed.markers += markerStep.removed
            removed.expiredCopies += expiredStep.removed
            if !markerStep.full && !expiredStep.full { break }
        }
        removed.messages = try await database.writeTransaction { db in
            try await InboxStore.sql(db).raw("""
                DELETE FROM \(ident: messages) WHERE app_id = \(bind: appID)
                  AND ((deleted_at IS NOT NULL AND deleted_at < \(bind: cutoff))
                       OR (campaign_id IS NULL AND expires_at IS NOT NULL AND expires_at < \(bind: cutoff)))
                  AND NOT EXISTS (SELECT 1 FROM \(ident: entries) e WHERE e.message_key = \(ident: messages).copy_key)
                RETURNING id
                """).all(decoding: IDRow.self).count
        }
        return removed
    }
}
