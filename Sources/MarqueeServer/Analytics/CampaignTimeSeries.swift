import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

/// A campaign's live (non-test) interactions over time, in hours or days of one time zone.
///
/// Buckets follow the zone's wall clock: a day is a local calendar day (23 or 25 hours when the
/// clocks change), and an hour that occurs twice when clocks go back is one bucket. The database
/// groups rows by bucket once for each stretch of the range with a constant UTC offset, so the
/// cost grows with the rows in the range, not with the number of buckets. Impressions already
/// retired into daily totals (see ``ImpressionRetention``) count in the day of their UTC date, and
/// not in hourly series; unique viewers come from raw impressions only.
struct CampaignTimeSeries {
    let database: any Database

    struct Bucket: Encodable, Sendable {
        var start: String
        var counts: ImpressionCounts
        var uniqueViewers: Int

        enum CodingKeys: String, CodingKey {
            case start, impressions, buttonOneClicks, buttonTwoClicks, contentClicks, exits, optOuts, uniqueViewers, clickThroughRate
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(start, forKey: .start)
            try c.encode(counts.impressions, forKey: .impressions)
            try c.encode(counts.buttonOneClicks, forKey: .buttonOneClicks)
            try c.encode(counts.buttonTwoClicks, forKey: .buttonTwoClicks)
            try c.encode(counts.contentClicks, forKey: .contentClicks)
            try c.encode(counts.exits, forKey: .exits)
            try c.encode(counts.optOuts, forKey: .optOuts)
            try c.encode(uniqueViewers, forKey: .uniqueViewers)
            try c.encode(clickThroughRate, forKey: .clickThroughRate)
        }

        var clickThroughRate: Double { counts.impressions == 0 ? 0 : Double(counts.clicks) / Double(counts.impressions) }
    }

    struct Series: Encodable, Sendable {
        var campaignID: String
        var interval: String
        var timeZone: String
        var from: String
        var to: String
        var buckets: [Bucket]
        /// The whole range; its unique viewers are counted once each, not summed over buckets.
        var totals: Bucket
    }

    private struct TypeRow: Decodable {
        var bucket: Int64
        var type: Int
        var total: Int
    }

    private struct ViewerRow: Decodable {
        var bucket: Int64
        var viewers: Int
    }

    private struct Count: Decodable {
        var viewers: Int
    }

    func series(of campaignID: UUID, _ request: AnalyticsRequest) async throws -> Series {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        let layout = BucketLayout(request)
        var counts: [String: ImpressionCounts] = [:]
        var viewers: [String: Int] = [:]
        let fromMillis = Int64((request.from.timeIntervalSince1970 * 1000).rounded(.down))
        let toMillis = Int64((request.to.timeIntervalSince1970 * 1000).rounded(.down))
        for segment in layout.segments(fromMillis: fromMillis, toMillis: toMillis) {
            let width = request.interval.millis
            let bucket: SQLQueryString = "(occurred_at + \(literal: segment.offsetMillis)) / \(literal: width)"
            let scope: SQLQueryString = """
                campaign_id = \(bind: campaignID) AND is_test = \(bind: false)
                  AND occurred_at >= \(bind: segment.fromMillis) AND occurred_at < \(bind: segment.toMillis)
                """
            for row in try await sql.raw("""
                SELECT \(bucket) AS bucket, type, COUNT(*) AS total FROM impressions WHERE \(scope) GROUP BY \(bucket), type
                """).all(decoding: TypeRow.self) {
                guard let type = ImpressionTypeCode(rawValue: row.type) else { continue }
                counts[layout.key(wallMillis: row.bucket * width), default: ImpressionCounts()].add(row.total, of: type)
            }
            for row in try await sql.raw("""
                SELECT \(bucket) AS bucket, COUNT(DISTINCT \(ImpressionRecord.viewerKey)) AS viewers
                FROM impressions WHERE \(scope) AND type = \(bind: ImpressionTypeCode.impression.rawValue) GROUP BY \(bucket)
                """).all(decoding: ViewerRow.self) {
                viewers[layout.key(wallMillis: row.bucket * width), default: 0] += row.viewers
            }
        }
        if request.interval == .day {
            let day = AnalyticsRequest.Interval.day.millis
            for row in try await sql.raw("""
                SELECT day AS bucket, type, CAST(SUM(total) AS BIGINT) AS total FROM impression_totals
                WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false)
                  AND day >= \(bind: fromMillis / day) AND day <= \(bind: toMillis / day)
                GROUP BY day, type
                """).all(decoding: TypeRow.self) {
                guard let type = ImpressionTypeCode(rawValue: row.type) else { continue }
                // The UTC date, as a local day: noon of it, in the zone.
                let noon = Date(timeIntervalSince1970: Double(row.bucket * day + day / 2) / 1000)
                guard noon >= request.from, noon < request.to else { continue }
                counts[layout.key(of: noon), default: ImpressionCounts()].add(row.total, of: type)
            }
        }
        let uniqueInRange = try await sql.raw("""
            SELECT COUNT(DISTINCT \(ImpressionRecord.viewerKey)) AS viewers FROM impressions
            WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false) AND type = \(bind: ImpressionTypeCode.impression.rawValue)
              AND occurred_at >= \(bind: fromMillis) AND occurred_at < \(bind: toMillis)
            """).first(decoding: Count.self)?.viewers ?? 0

        let buckets = layout.buckets.map { bucket in
            Bucket(start: bucket.start, counts: counts[bucket.key] ?? ImpressionCounts(), uniqueViewers: viewers[bucket.key] ?? 0)
        }
        var total = ImpressionCounts()
        for bucket in buckets { total.add(bucket.counts) }
        return Series(campaignID: campaignID.canonical, interval: request.interval.rawValue, timeZone: request.timeZone.identifier,
                      from: MarqueeJSON.formatDate(request.from), to: MarqueeJSON.formatDate(request.to),
                      buckets: buckets, totals: Bucket(start: MarqueeJSON.formatDate(request.from), counts: total,
                                                       uniqueViewers: uniqueInRange))
    }
}

extension CampaignTimeSeries.Series {
    /// One line per bucket, then `total`; a spreadsheet reads it as it is.
    var csv: String {
        let header = "start,impressions,buttonOneClicks,buttonTwoClicks,contentClicks,exits,optOuts,uniqueViewers,clickThroughRate"
        func line(_ label: String, _ bucket: CampaignTimeSeries.Bucket) -> String {
            let c = bucket.counts
            return [label, "\(c.impressions)", "\(c.buttonOneClicks)", "\(c.buttonTwoClicks)", "\(c.contentClicks)", "\(c.exits)",
                    "\(c.optOuts)", "\(bucket.uniqueViewers)", String(format: "%.4f", bucket.clickThroughRate)].joined(separator: ",")
        }
        return ([header] + buckets.map { line($0.start, $0) } + [line("total", totals)]).joined(separator: "\r\n") + "\r\n"
    }
}

extension ImpressionCounts {
    mutating func add(_ other: ImpressionCounts) {
        impressions += other.impressions
        buttonOneClicks += other.buttonOneClicks
        buttonTwoClicks += other.buttonTwoClicks
        contentClicks += other.contentClicks
        exits += other.exits
        optOuts += other.optOuts
    }
}
