import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// A campaign's figures, read from ``CampaignCounts``: one grouped sum over at most 96 rows per
/// arm and day, whatever the number of impressions, because the counts are kept at ingestion.
struct ImpressionStatistics {
    let database: any SQLDatabase

    func stats(for campaign: Campaign, id campaignID: UUID) async throws -> CampaignStats {
        let rows = try await database.raw("""
            SELECT variant, is_test, \(CampaignCounts.sums) FROM \(ident: CampaignCounts.schema)
            WHERE campaign_id = \(bind: campaignID) GROUP BY variant, is_test
            """).all(decoding: CountRow.self)
        var live = CampaignMetrics()
        var test = CampaignMetrics()
        var arms: [String: CampaignMetrics] = [:]
        var viewers = 0
        for row in rows {
            let metrics = row.metrics
            if row.is_test == true {
                test.add(metrics)
                continue
            }
            live.add(metrics)
            arms[row.variant, default: CampaignMetrics()].add(metrics)
            if !row.isControl { viewers += metrics.uniqueUsers }
        }
        var stats = CampaignStats(campaignID: campaignID.canonical, metrics: live, uniqueViewers: viewers, testTraffic: test,
                                  variants: ArmMetrics.list(arms, experiment: campaign.experiment),
                                  experiment: ExperimentReport(campaign: campaign, arms: arms))
        if campaign.message.kind == .carousel {
            stats.pageViews = try await CampaignPageViews.views(of: campaignID, pages: campaign.message.pages.count, on: database)
        }
        return stats
    }
}
