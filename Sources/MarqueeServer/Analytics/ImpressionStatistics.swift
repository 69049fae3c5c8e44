import Fluent
import Foundation
import MarqueeWire
import SQLKit

/// Aggregates stored impressions, counted in the database rather than loaded row by row: raw
/// impressions plus the ``ImpressionTotals`` of those retired. Unique viewers can only be counted
/// from raw rows, so they cover the retention period.
struct ImpressionStatistics {
    let database: any Database

    private struct TypeCount: Decodable {
        var type: Int
        var is_test: Bool
        var total: Int
    }

    private struct Distinct: Decodable {
        var viewers: Int
    }

    func stats(for campaignID: UUID) async throws -> CampaignStats {
        guard let sql = database as? any SQLDatabase else {
            throw APIError(.internalServerError, code: "internal_error", "the database does not speak SQL")
        }
        let rows = try await sql.raw("""
            SELECT type, is_test, COUNT(*) AS total FROM impressions
            WHERE campaign_id = \(bind: campaignID) GROUP BY type, is_test
            """).all(decoding: TypeCount.self)
        let retired = try await sql.raw("""
            SELECT type, is_test, CAST(SUM(total) AS BIGINT) AS total FROM impression_totals
            WHERE campaign_id = \(bind: campaignID) GROUP BY type, is_test
            """).all(decoding: TypeCount.self)
        var live = ImpressionCounts()
        var test = ImpressionCounts()
        for row in rows + retired {
            guard let type = ImpressionTypeCode(rawValue: row.type) else { continue }
            if row.is_test { test.add(row.total, of: type) } else { live.add(row.total, of: type) }
        }
        let viewers = try await sql.raw("""
            SELECT COUNT(DISTINCT \(ImpressionRecord.viewerKey)) AS viewers
            FROM impressions WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false)
              AND type = \(bind: ImpressionTypeCode.impression.rawValue)
            """).first(decoding: Distinct.self)?.viewers ?? 0
        return CampaignStats(
            campaignID: campaignID.canonical, impressions: live.impressions, buttonOneClicks: live.buttonOneClicks,
            buttonTwoClicks: live.buttonTwoClicks, contentClicks: live.contentClicks, exits: live.exits,
            optOuts: live.optOuts, uniqueViewers: viewers,
            clickThroughRate: live.impressions == 0 ? 0 : Double(live.clicks) / Double(live.impressions),
            testTraffic: test)
    }
}
