import Fluent
import Foundation
import SQLKit

/// Counts of impressions whose raw rows are gone: one row per campaign, UTC day, type and test flag.
///
/// Raw impressions name a user and a device. When they pass the retention period, or their user
/// asks to be forgotten, they are folded in here and deleted, so a campaign's figures stay whole
/// while nothing that names a person is kept.
enum ImpressionTotals {
    static let schema = "impression_totals"
    static let millisPerDay: Int64 = 86_400_000
    /// Total rows per INSERT statement, under every database's limit on bound values.
    static let rowsPerStatement = 200

    private struct Retired: Decodable {
        var app_id: UUID
        var campaign_id: UUID
        var occurred_at: Int64
        var type: Int
        var is_test: Bool
    }

    private struct Key: Hashable {
        var appID: UUID
        var campaignID: UUID
        var day: Int64
        var type: Int
        var isTest: Bool
    }

    /// Deletes the impressions matching `condition` and adds them to the totals, inside the
    /// caller's transaction; returns how many were retired.
    ///
    /// The rows counted are the rows this statement deleted (`DELETE … RETURNING`): a row that a
    /// concurrent retirement (a sweep, an erasure) deleted first is neither returned nor counted,
    /// so no impression is ever counted twice.
    static func retire(impressionsWhere condition: SQLQueryString, on sql: any SQLDatabase) async throws -> Int {
        let retired = try await sql.raw("""
            DELETE FROM impressions WHERE \(condition) RETURNING app_id, campaign_id, occurred_at, type, is_test
            """).all(decoding: Retired.self)
        var totals: [Key: Int] = [:]
        for row in retired {
            // Days since 1970-01-01 UTC, from the millisecond timestamps devices report.
            totals[Key(appID: row.app_id, campaignID: row.campaign_id, day: row.occurred_at / millisPerDay,
                       type: row.type, isTest: row.is_test), default: 0] += 1
        }
        let rows = Array(totals)
        var start = 0
        while start < rows.count {
            var insert = sql.insert(into: schema).columns("app_id", "campaign_id", "day", "type", "is_test", "total")
            for (key, count) in rows[start..<min(start + rowsPerStatement, rows.count)] {
                insert = insert.values([SQLBind(key.appID), SQLBind(key.campaignID), SQLBind(key.day), SQLBind(key.type),
                                        SQLBind(key.isTest), SQLBind(Int64(count))])
            }
            try await insert.onConflict(with: ["campaign_id", "day", "type", "is_test"]) {
                $0.set("total", to: SQLRaw("\(schema).total + excluded.total"))
            }.run()
            start += rowsPerStatement
        }
        return retired.count
    }
}
