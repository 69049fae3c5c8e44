import Foundation
import SQLKit

/// Counts per campaign, arm, quarter hour, metric and test flag, kept up to date in the same
/// transaction as the rows they count (impressions, first exposures, conversions), so that
/// statistics and analytics read a few thousand rows instead of every impression.
///
/// Quarter hours, because every time zone in use today is a whole number of quarter hours from
/// UTC: an hour or a day of any zone is a whole number of quarters, so hourly and daily buckets
/// in any zone add up exactly.
enum CampaignCounts {
    static let schema = "campaign_counts"
    static let quarterMillis: Int64 = 900_000
    /// Rows per INSERT statement, under every database's limit on bound values.
    static let rowsPerStatement = 100

    /// One counter.
    struct Key: Hashable, Comparable, Sendable {
        var appID: UUID
        var campaignID: UUID
        /// The arm (variant id or `control`); `""` for a campaign without an experiment.
        var variant: String
        var quarter: Int64
        var metric: CountMetric
        var isTest: Bool

        /// One order for every writer, so concurrent transactions lock counters in the same order.
        static func < (a: Key, b: Key) -> Bool {
            (a.campaignID.uuidString, a.isTest ? 1 : 0, a.quarter, a.variant, a.metric.rawValue)
                < (b.campaignID.uuidString, b.isTest ? 1 : 0, b.quarter, b.variant, b.metric.rawValue)
        }
    }

    /// The quarter hour holding `millis` (times before 1970 count in the first).
    static func quarter(ofMillis millis: Int64) -> Int64 {
        max(0, millis) / quarterMillis
    }

    /// Adds `deltas` (negative ones take counts back), inside the caller's transaction.
    static func add(_ deltas: [Key: Int], on sql: any SQLDatabase) async throws {
        let rows = deltas.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        var start = 0
        while start < rows.count {
            var insert = sql.insert(into: schema).columns("app_id", "campaign_id", "variant", "quarter", "metric", "is_test", "total")
            for (key, delta) in rows[start..<min(start + rowsPerStatement, rows.count)] {
                insert = insert.values([SQLBind(key.appID), SQLBind(key.campaignID), SQLBind(key.variant), SQLBind(key.quarter),
                                        SQLBind(key.metric.rawValue), SQLBind(key.isTest), SQLBind(Int64(delta))])
            }
            try await insert.onConflict(with: ["campaign_id", "is_test", "quarter", "variant", "metric"]) {
                $0.set("total", to: SQLRaw("\(schema).total + excluded.total"))
            }.run()
            start += rowsPerStatement
        }
    }
}
