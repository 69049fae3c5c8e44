import Fluent
import MarqueeWire
import SQLKit

/// Aggregates stored impressions, counted in the database rather than loaded row by row.
struct ImpressionStatistics {
    let database: any Database

    private struct TypeCount: Decodable {
        var type: Int
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
            SELECT type, COUNT(*) AS total FROM impressions WHERE campaign_id = \(bind: campaignID) GROUP BY type
            """).all(decoding: TypeCount.self)
        var counts: [ImpressionTypeCode: Int] = [:]
        for row in rows {
            if let type = ImpressionTypeCode(rawValue: row.type) { counts[type] = row.total }
        }
        let viewers = try await sql.raw("""
            SELECT COUNT(DISTINCT user_key || '|' || COALESCE(device_id, '')) AS viewers
            FROM impressions WHERE campaign_id = \(bind: campaignID) AND type = \(bind: ImpressionTypeCode.impression.rawValue)
            """).first(decoding: Distinct.self)?.viewers ?? 0
        let impressions = counts[.impression] ?? 0
        let clicks = (counts[.actionOne] ?? 0) + (counts[.actionTwo] ?? 0) + (counts[.clickContent] ?? 0)
        return CampaignStats(
            campaignID: campaignID, impressions: impressions, buttonOneClicks: counts[.actionOne] ?? 0,
            buttonTwoClicks: counts[.actionTwo] ?? 0, contentClicks: counts[.clickContent] ?? 0,
            exits: counts[.exit] ?? 0, optOuts: counts[.optOut] ?? 0, uniqueViewers: viewers,
            clickThroughRate: impressions == 0 ? 0 : Double(clicks) / Double(impressions))
    }
}
