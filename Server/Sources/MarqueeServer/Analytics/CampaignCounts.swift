import Foundation
import SQLKit

/// Counts per campaign, arm, quarter hour and test flag, one column per ``CountMetric``, kept up
/// to date in the same transaction as the rows they count (impressions, first exposures,
/// conversions), so statistics and analytics read at most a few thousand rows per campaign and
/// month (96 quarters a day per arm) instead of every impression.
///
/// Quarter hours, because every time zone in use today is a whole number of quarter hours from
/// UTC: an hour or a day of any zone is a whole number of quarters, so hourly and daily buckets
/// in any zone add up exactly.
enum CampaignCounts {
    static let schema = "campaign_counts"
    static let quarterMillis: Int64 = 900_000
    /// A row per key; where the row exists, the deltas are added to it.
    private static let upsert = RowInsert(
        table: schema, columns: ["app_id", "campaign_id", "variant", "quarter", "is_test"] + CountMetric.allCases.map(\.column),
        clause: "ON CONFLICT (campaign_id, is_test, quarter, variant) DO UPDATE SET "
            + CountMetric.allCases.map { "\($0.column) = \(schema).\($0.column) + excluded.\($0.column)" }.joined(separator: ", "))

    /// One row.
    struct Key: Hashable, Comparable, Sendable {
        var appID: UUID
        var campaignID: UUID
        /// The arm (variant id or `control`); `""` for a campaign without an experiment.
        var variant: String
        var quarter: Int64
        var isTest: Bool

        /// One order for every writer, so concurrent transactions lock rows in the same order.
        static func < (a: Key, b: Key) -> Bool {
            (a.campaignID.uppercaseText, a.isTest ? 1 : 0, a.quarter, a.variant) < (b.campaignID.uppercaseText, b.isTest ? 1 : 0, b.quarter, b.variant)
        }
    }

    /// Changes to add, by row and metric.
    struct Deltas: Sendable {
        private(set) var rows: [Key: [CountMetric: Int]] = [:]

        mutating func add(_ delta: Int, of metric: CountMetric, to key: Key) {
            rows[key, default: [:]][metric, default: 0] += delta
        }

        mutating func add(_ other: Deltas) {
            for (key, metrics) in other.rows {
                for (metric, delta) in metrics { add(delta, of: metric, to: key) }
            }
        }
    }

    /// The quarter hour holding `millis` (times before 1970 count in the first).
    static func quarter(ofMillis millis: Int64) -> Int64 {
        max(0, millis) / quarterMillis
    }

    /// Adds `deltas` (negative ones take counts back), inside the caller's transaction.
    static func add(_ deltas: Deltas, on sql: any SQLDatabase) async throws {
        let rows = deltas.rows.filter { $0.value.values.contains { $0 != 0 } }.sorted { $0.key < $1.key }
        try await sql.run(upsert, rows: rows.map { key, values in
            [.uuid(key.appID), .uuid(key.campaignID), .text(key.variant), .integer(Int(key.quarter)), .bool(key.isTest)]
                + CountMetric.allCases.map { .integer(values[$0] ?? 0) }
        })
    }

    /// The sums of every metric, as analytics queries select them (`… AS impressions`, …).
    static let sums: SQLQueryString = SQLQueryString(CountMetric.allCases.map {
        "CAST(SUM(\($0.column)) AS BIGINT) AS \($0.column)"
    }.joined(separator: ", "))

    private struct RetiredRow: Decodable {
        var app_id: UUID
        var campaign_id: UUID
        var variant: String
        var at: Int64
        var is_test: Bool
    }

    /// Deletes the rows of `table` matching `condition` and takes each out of `metric`, in the
    /// quarter of its `timeColumn`, inside the caller's transaction; returns how many went. Only
    /// rows this statement deleted are taken back (`DELETE … RETURNING`), so racing retirements
    /// never take a row back twice.
    static func retire(from table: String, timeColumn: String, metric: CountMetric, where condition: SQLQueryString,
                       on sql: any SQLDatabase) async throws -> Int {
        let retired = try await sql.raw("""
            DELETE FROM \(ident: table) WHERE \(condition)
            RETURNING app_id, campaign_id, variant, \(ident: timeColumn) AS at, is_test
            """).all(decoding: RetiredRow.self)
        var deltas = Deltas()
        for row in retired {
            deltas.add(-1, of: metric, to: Key(appID: row.app_id, campaignID: row.campaign_id, variant: row.variant,
                                               quarter: quarter(ofMillis: row.at), isTest: row.is_test))
        }
        try await add(deltas, on: sql)
        return retired.count
    }
}
