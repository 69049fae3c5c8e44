import Fluent
import Foundation
import MarqueeWire
import SQLKit

/// Counts per campaign, arm, quarter hour and test flag, one column per metric
/// (``CampaignCounts``), filled from
/// the impressions stored so far and the daily totals of those already retired (counted at the
/// start of their UTC day).
struct M015_CreateCampaignCounts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CampaignCounts.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("variant", .string, .required)
            .field("quarter", .int64, .required)
            .field("is_test", .bool, .required)
            .field("impressions", .int64, .required)
            .field("button_one_clicks", .int64, .required)
            .field("button_two_clicks", .int64, .required)
            .field("content_clicks", .int64, .required)
            .field("exits", .int64, .required)
            .field("opt_outs", .int64, .required)
            .field("new_users", .int64, .required)
            .field("conversions", .int64, .required)
            .unique(on: "campaign_id", "is_test", "quarter", "variant")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        var deltas = CampaignCounts.Deltas()
        func add(_ row: Grouped, quarter: Int64) {
            guard let type = ImpressionTypeCode(rawValue: row.type), let metric = CountMetric(type) else { return }
            deltas.add(Int(row.total), of: metric, to: CampaignCounts.Key(appID: row.app_id, campaignID: row.campaign_id, variant: "",
                                                                          quarter: quarter, isTest: row.is_test))
        }
        for row in try await sql.raw("""
            SELECT app_id, campaign_id, CASE WHEN occurred_at < 0 THEN 0 ELSE occurred_at / 900000 END AS period, type, is_test,
                   COUNT(*) AS total
            FROM impressions GROUP BY app_id, campaign_id, CASE WHEN occurred_at < 0 THEN 0 ELSE occurred_at / 900000 END, type, is_test
            """).all(decoding: Grouped.self) {
            add(row, quarter: row.period)
        }
        let quartersPerDay = ImpressionTotals.millisPerDay / CampaignCounts.quarterMillis
        for row in try await sql.raw("""
            SELECT app_id, campaign_id, day AS period, type, is_test, CAST(SUM(total) AS BIGINT) AS total
            FROM impression_totals GROUP BY app_id, campaign_id, day, type, is_test
            """).all(decoding: Grouped.self) {
            add(row, quarter: max(0, row.period) * quartersPerDay)
        }
        try await CampaignCounts.add(deltas, on: sql)
    }

    private struct Grouped: Decodable {
        var app_id: UUID
        var campaign_id: UUID
        var period: Int64
        var type: Int
        var is_test: Bool
        var total: Int64
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CampaignCounts.schema).delete()
    }
}
