import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// A campaign's figures, read from ``CampaignCounts``: one grouped sum over a few thousand rows
/// whatever the number of impressions, because the counts are kept at ingestion.
struct ImpressionStatistics {
    let database: any Database

    func stats(for campaign: Campaign, id campaignID: UUID) async throws -> CampaignStats {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        let rows = try await sql.raw("""
            SELECT variant, metric, is_test, CAST(SUM(total) AS BIGINT) AS total FROM \(ident: CampaignCounts.schema)
            WHERE campaign_id = \(bind: campaignID) GROUP BY variant, metric, is_test
            """).all(decoding: CountRow.self)
        var live = CampaignMetrics()
        var test = CampaignMetrics()
        var arms: [String: CampaignMetrics] = [:]
        var viewers = 0
        for row in rows {
            guard let metric = row.countMetric else { continue }
            let total = Int(row.total)
            if row.is_test == true {
                test.add(total, of: metric, inControl: row.isControl)
                continue
            }
            live.add(total, of: metric, inControl: row.isControl)
            arms[row.variant, default: CampaignMetrics()].add(total, of: metric, inControl: row.isControl)
            if metric == .newUser, !row.isControl { viewers += total }
        }
        return CampaignStats(campaignID: campaignID.canonical, metrics: live, uniqueViewers: viewers, testTraffic: test,
                             variants: ArmMetrics.list(arms, experiment: campaign.experiment),
                             experiment: ExperimentReport(campaign: campaign, arms: arms))
    }
}
