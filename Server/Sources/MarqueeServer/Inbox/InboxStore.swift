import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// The one place that writes the App Inbox: messages, recipients' read and delete state, tracked
/// interactions. Controllers decode and authorize; they never write inbox rows themselves.
///
/// Every change takes the next number of the app's change sequence (``nextSequence(of:on:)``) in
/// the same transaction and stamps it on the rows it changes. Taking the number locks the app's
/// counter row until commit (PostgreSQL; SQLite locks the whole database), so writers of one app
/// commit in sequence order: a reader that sees the counter at `n` sees every change numbered
/// `n` or less, and a sync token holding `n` never skips a change that commits later.
struct InboxStore: Sendable {
    let database: any Database
    let clock: any ServerClock
    /// Where tracked events wait for a commit shared with other requests' (``storeTracked(_:transactions:)``).
    let tracking: GroupCommit<TrackedEvents, Int>

    /// How long deleted copies stay as deletion markers (tombstones) that incremental syncs
    /// report, and expired copies stay after their expiry; ``InboxPurge`` removes them after it.
    /// A sync token that would need a purged row must resync fully.
    static let tombstoneRetention: TimeInterval = 30 * 86_400
    /// The page a client gets when it asks for none, as the Marquee SDK does: the largest, so a
    /// 10,000-message inbox comes in 20 requests (well inside the SDK's 100 pages a refresh and
    /// the per-device rate limit) and pays the per-page overhead 20 times, not 100.
    static let defaultPageSize = 500
    static let maxPageSize = 500

    struct SequenceRow: Decodable {
        var last_seq: Int64
        /// The newest change number of a purged deletion marker: older tokens never saw that delete.
        var min_seq: Int64
        /// The newest expiry of a purged copy: tokens from before it never saw that copy leave.
        var min_as_of: Int64

        /// Whether an incremental sync from `token` can still learn of every change since it.
        func accepts(_ token: InboxSyncToken) -> Bool {
            token.sequence <= last_seq && token.sequence >= min_seq && token.asOfMillis >= min_as_of
        }
    }

    private struct NextRow: Decodable {
        var last_seq: Int64
    }

    /// Takes the app's next change number, inside the caller's transaction.
    static func nextSequence(of appID: UUID, on db: any Database) async throws -> Int64 {
        let sql = try Self.sql(db)
        try await sql.raw("""
            INSERT INTO \(ident: InboxSchema.sequences) (app_id, last_seq, min_seq)
            VALUES (\(bind: appID), 0, 0) ON CONFLICT (app_id) DO NOTHING
            """).run()
        guard let row = try await sql.raw("""
            UPDATE \(ident: InboxSchema.sequences) SET last_seq = last_seq + 1
            WHERE app_id = \(bind: appID) RETURNING last_seq
            """).first(decoding: NextRow.self) else { throw InboxStoreError.appNotFound }
        return row.last_seq
    }

    /// The app's counter as committed now: the newest change number and the oldest usable token.
    static func sequence(of appID: UUID, on db: any Database) async throws -> SequenceRow {
        try await Self.sql(db).raw("""
            SELECT last_seq, min_seq, min_as_of FROM \(ident: InboxSchema.sequences) WHERE app_id = \(bind: appID)
            """).first(decoding: SequenceRow.self) ?? SequenceRow(last_seq: 0, min_seq: 0, min_as_of: 0)
    }

    static func sql(_ db: any Database) throws -> any SQLDatabase {
        guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
        return sql
    }

    var nowMillis: Int64 { clock.nowMillis }
}

extension Date {
    /// Milliseconds since 1970, as inbox rows store times.
    var inboxMillis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    init(inboxMillis: Int64) {
        self.init(timeIntervalSince1970: Double(inboxMillis) / 1000)
    }
}
