import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// A campaign's live (non-test) figures over time, in hours or days of one time zone, read from
/// ``CampaignCounts`` (quarter-hour counts kept at ingestion), so the cost grows with the hours in
/// the range, never with the number of impressions.
///
/// Buckets follow the zone's wall clock: a day is a local calendar day (23 or 25 hours when the
/// clocks change), and an hour that occurs twice when clocks go back is one bucket. The database
/// groups quarters into buckets once for each stretch of the range with a constant UTC offset.
/// Range ends fall on quarter hours (a quarter counts when it starts inside the range).
/// Impressions retired before quarter-hour counts existed count at the start of their UTC day.
///
/// `newUsers` are users first reached in a bucket (each user counts in one bucket only, so the
/// buckets add up to the users first reached in the range); `conversions` count in the bucket of
/// the conversion.
struct CampaignTimeSeries {
    let database: any SQLDatabase

    struct Bucket: Encodable, Sendable {
        var start: String
        var metrics: CampaignMetrics

        enum CodingKeys: String, CodingKey {
            case start, impressions, buttonOneClicks, buttonTwoClicks, contentClicks, exits, optOuts, controlImpressions
            case newUsers, conversions, clickThroughRate
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(start, forKey: .start)
            try c.encode(metrics.impressions, forKey: .impressions)
            try c.encode(metrics.buttonOneClicks, forKey: .buttonOneClicks)
            try c.encode(metrics.buttonTwoClicks, forKey: .buttonTwoClicks)
            try c.encode(metrics.contentClicks, forKey: .contentClicks)
            try c.encode(metrics.exits, forKey: .exits)
            try c.encode(metrics.optOuts, forKey: .optOuts)
            try c.encode(metrics.controlImpressions, forKey: .controlImpressions)
            try c.encode(metrics.uniqueUsers, forKey: .newUsers)
            try c.encode(metrics.conversions, forKey: .conversions)
            try c.encode(metrics.clickThroughRate, forKey: .clickThroughRate)
        }
    }

    /// One arm's totals over the range.
    struct VariantTotals: Encodable, Sendable {
        var variant: String
        var name: String?
        var isControl: Bool
        var totals: Bucket
    }

    struct Series: Encodable, Sendable {
        var campaignID: String
        var interval: String
        var timeZone: String
        var from: String
        var to: String
        /// The arm the buckets are limited to (`?variant=`), if any.
        var variant: String?
        var buckets: [Bucket]
        /// The whole range (of the arm, when limited to one).
        var totals: Bucket
        /// Each arm's totals over the range; empty without an experiment.
        var variants: [VariantTotals]
        /// Each variant against the control group, over the whole experiment.
        var experiment: ExperimentReport?
    }

    func series(of campaign: Campaign, id campaignID: UUID, _ request: AnalyticsRequest) async throws -> Series {
        if let variant = request.variant, campaign.experiment?.armIDs.contains(variant) != true {
            let arms = campaign.experiment?.armIDs ?? []
            throw AnalyticsError.invalidQuery(arms.isEmpty
                ? "variant: the campaign has no experiment"
                : "variant must be one of \(arms.joined(separator: ", "))")
        }
        let layout = BucketLayout(request)
        let quarter = CampaignCounts.quarterMillis
        func quarterAtOrAfter(_ millis: Int64) -> Int64 { millis <= 0 ? 0 : (millis + quarter - 1) / quarter }
        let fromMillis = Int64((request.from.timeIntervalSince1970 * 1000).rounded(.down))
        let toMillis = Int64((request.to.timeIntervalSince1970 * 1000).rounded(.down))
        var buckets: [String: CampaignMetrics] = [:]
        var arms: [String: CampaignMetrics] = [:]
        for segment in layout.segments(fromMillis: fromMillis, toMillis: toMillis) {
            let width = request.interval.millis
            let bucket: SQLQueryString = "(quarter * \(literal: quarter) + \(literal: segment.offsetMillis)) / \(literal: width)"
            for row in try await database.raw("""
                SELECT \(bucket) AS bucket, variant, \(CampaignCounts.sums) FROM \(ident: CampaignCounts.schema)
                WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false)
                  AND quarter >= \(bind: quarterAtOrAfter(segment.fromMillis)) AND quarter < \(bind: quarterAtOrAfter(segment.toMillis))
                GROUP BY \(bucket), variant
                """).all(decoding: CountRow.self) {
                guard let start = row.bucket else { continue }
                let metrics = row.metrics
                arms[row.variant, default: CampaignMetrics()].add(metrics)
                guard request.variant == nil || request.variant == row.variant else { continue }
                buckets[layout.key(wallMillis: start * width), default: CampaignMetrics()].add(metrics)
            }
        }
        let list = layout.buckets.map { Bucket(start: $0.start, metrics: buckets[$0.key] ?? CampaignMetrics()) }
        var total = CampaignMetrics()
        for bucket in list { total.add(bucket.metrics) }
        let rangeStart = MarqueeJSON.formatDate(request.from)
        let variants = ArmMetrics.list(arms, experiment: campaign.experiment).map {
            VariantTotals(variant: $0.variant, name: $0.name, isControl: $0.isControl, totals: Bucket(start: rangeStart, metrics: $0.metrics))
        }
        return Series(campaignID: campaignID.canonical, interval: request.interval.rawValue, timeZone: request.timeZone.identifier,
                      from: rangeStart, to: MarqueeJSON.formatDate(request.to), variant: request.variant,
                      buckets: list, totals: Bucket(start: rangeStart, metrics: total), variants: variants,
                      experiment: try await experimentReport(of: campaign, id: campaignID, on: database))
    }

    /// The all-time comparison, from all-time per-arm counts.
    private func experimentReport(of campaign: Campaign, id campaignID: UUID, on sql: any SQLDatabase) async throws -> ExperimentReport? {
        guard campaign.experiment != nil else { return nil }
        var arms: [String: CampaignMetrics] = [:]
        for row in try await database.raw("""
            SELECT variant, \(CampaignCounts.sums) FROM \(ident: CampaignCounts.schema)
            WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false) GROUP BY variant
            """).all(decoding: CountRow.self) {
            arms[row.variant, default: CampaignMetrics()].add(row.metrics)
        }
        return ExperimentReport(campaign: campaign, arms: arms)
    }
}

extension CampaignTimeSeries.Series {
    /// One line per bucket, then `total`; a spreadsheet reads it as it is.
    var csv: String {
        let header = "start,impressions,buttonOneClicks,buttonTwoClicks,contentClicks,exits,optOuts,controlImpressions,newUsers,conversions,clickThroughRate"
        func line(_ label: String, _ bucket: CampaignTimeSeries.Bucket) -> String {
            let m = bucket.metrics
            return [label, "\(m.impressions)", "\(m.buttonOneClicks)", "\(m.buttonTwoClicks)", "\(m.contentClicks)", "\(m.exits)",
                    "\(m.optOuts)", "\(m.controlImpressions)", "\(m.uniqueUsers)", "\(m.conversions)",
                    String(format: "%.4f", m.clickThroughRate)].joined(separator: ",")
        }
        return ([header] + buckets.map { line($0.start, $0) } + [line("total", totals)]).joined(separator: "\r\n") + "\r\n"
    }
}
