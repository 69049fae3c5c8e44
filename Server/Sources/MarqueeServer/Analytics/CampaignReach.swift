import Foundation
import SQLKit

/// Who has seen each campaign (or was held back from it): one row per campaign and
/// ``ExperimentUnit``, with the arm of their first exposure. It makes unique users a count kept
/// at ingestion (``CountMetric/newUser``) rather than a `COUNT(DISTINCT …)` over impressions.
///
/// Rows name a user, so they follow the rules raw impressions follow: retention retires a row
/// once the user has not been seen for the period, and erasure retires the user's rows; both take
/// the user back out of the counts, so unique users cover the retention period.
enum CampaignReach {
    static let schema = "campaign_reach"
    private static let insert = RowInsert(table: schema,
                                          columns: ["app_id", "campaign_id", "unit_key", "user_key", "variant", "first_at", "received_at",
                                                    "is_test"],
                                          clause: "ON CONFLICT (campaign_id, unit_key) DO NOTHING RETURNING campaign_id, unit_key")

    /// An impression or control impression, as far as reach is concerned.
    struct Exposure: Sendable {
        var appID: UUID
        var campaignID: UUID
        var unitKey: String
        var userKey: String
        var variant: String
        var occurredAt: Int64
        var isTest: Bool
    }

    private struct Pair: Hashable, Decodable {
        var campaign_id: UUID
        var unit_key: String
    }

    /// Records `exposures` seen at `receivedAt`, inside the caller's transaction; returns the
    /// ``CountMetric/newUser`` counts of the users seen for the first time.
    ///
    /// A new row is inserted unless one exists (`ON CONFLICT DO NOTHING … RETURNING`): only the
    /// rows this statement inserted come back and count, so a user reported by two instances at
    /// once counts once. Known users have their last-seen time moved on.
    static func record(_ exposures: [Exposure], receivedAt: Date, on sql: any SQLDatabase) async throws -> CampaignCounts.Deltas {
        // The earliest exposure of each user in this group, in one order for every writer.
        var first: [Pair: Exposure] = [:]
        for exposure in exposures {
            let pair = Pair(campaign_id: exposure.campaignID, unit_key: exposure.unitKey)
            if let seen = first[pair], seen.occurredAt <= exposure.occurredAt { continue }
            first[pair] = exposure
        }
        let ordered = first.sorted { ($0.key.campaign_id.uppercaseText, $0.key.unit_key) < ($1.key.campaign_id.uppercaseText, $1.key.unit_key) }
        let rows = ordered.map { _, exposure -> [StoredValue] in
            [.uuid(exposure.appID), .uuid(exposure.campaignID), .text(exposure.unitKey), .text(exposure.userKey), .text(exposure.variant),
             .integer(Int(exposure.occurredAt)), .date(receivedAt), .bool(exposure.isTest)]
        }
        let inserted = Set(try await sql.run(insert, rows: rows, returning: Pair.self))
        var known: [UUID: [String]] = [:]
        var deltas = CampaignCounts.Deltas()
        for (pair, exposure) in ordered {
            guard inserted.contains(pair) else {
                known[pair.campaign_id, default: []].append(pair.unit_key)
                continue
            }
            deltas.add(1, of: .newUser, to: CampaignCounts.Key(appID: exposure.appID, campaignID: exposure.campaignID,
                                                               variant: exposure.variant,
                                                               quarter: CampaignCounts.quarter(ofMillis: exposure.occurredAt),
                                                               isTest: exposure.isTest))
        }
        for (campaignID, units) in known.sorted(by: { $0.key.uppercaseText < $1.key.uppercaseText }) {
            try await sql.raw("""
                UPDATE \(unsafeRaw: schema) SET received_at = \(bind: StoredValue.date(receivedAt))
                WHERE campaign_id = \(bind: StoredValue.uuid(campaignID)) AND unit_key IN (\(binds: units))
                """).run()
        }
        return deltas
    }

    /// Deletes the rows matching `condition` and takes their users out of the counts, inside the
    /// caller's transaction; returns how many went (see ``CampaignCounts/retire(from:timeColumn:metric:where:on:)``).
    @discardableResult
    static func retire(where condition: SQLQueryString, on sql: any SQLDatabase) async throws -> Int {
        try await CampaignCounts.retire(from: schema, timeColumn: "first_at", metric: .newUser, where: condition, on: sql)
    }
}
