import Fluent
import SQLKit

/// Counts of impressions whose raw rows are gone: one row per campaign, UTC day, type and test flag.
///
/// Raw impressions name a user and a device. When they pass the retention period, or their user
/// asks to be forgotten, they are folded in here and deleted, so a campaign's figures stay whole
/// while nothing that names a person is kept.
enum ImpressionTotals {
    static let schema = "impression_totals"

    private struct Count: Decodable {
        var total: Int
    }

    /// Folds the impressions matching `condition` into the totals and deletes them, inside the
    /// caller's transaction; returns how many were retired.
    static func retire(impressionsWhere condition: SQLQueryString, on sql: any SQLDatabase) async throws -> Int {
        let count = try await sql.raw("SELECT COUNT(*) AS total FROM impressions WHERE \(condition)")
            .first(decoding: Count.self)?.total ?? 0
        guard count > 0 else { return 0 }
        // Days since 1970-01-01 UTC, from the millisecond timestamps devices report.
        try await sql.raw("""
            INSERT INTO impression_totals (app_id, campaign_id, day, type, is_test, total)
            SELECT app_id, campaign_id, occurred_at / 86400000, type, is_test, COUNT(*)
            FROM impressions WHERE \(condition)
            GROUP BY app_id, campaign_id, occurred_at / 86400000, type, is_test
            ON CONFLICT (campaign_id, day, type, is_test) DO UPDATE SET total = impression_totals.total + excluded.total
            """).run()
        try await sql.raw("DELETE FROM impressions WHERE \(condition)").run()
        return count
    }
}
