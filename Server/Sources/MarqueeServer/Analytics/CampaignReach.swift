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
                                          columns: ["app_id", "campaign_id", "unit_digest", "variant", "first_at", "received_at", "is_test"],
                                          clause: "ON CONFLICT (campaign_id, unit_digest) DO NOTHING RETURNING campaign_id, unit_digest")

    /// An impression or control impression, as far as reach is concerned.
    struct Exposure: Sendable {
        /// The counts row the exposure is counted in; its quarter holds `firstAt`.
        var countKey: CampaignCounts.Key
        /// The ``ExperimentUnit`` key's digest: the user, whatever their identifiers' length.
        var unit: KeyDigest
        var firstAt: Int64
    }

    private struct Pair: Hashable, Decodable {
        var campaign_id: UUID
        var unit_digest: KeyDigest
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
            let pair = Pair(campaign_id: exposure.countKey.campaignID, unit_digest: exposure.unit)
            if let seen = first[pair], seen.firstAt <= exposure.firstAt { continue }
            first[pair] = exposure
        }
        let ordered = first.sorted { ($0.key.campaign_id.uppercaseText, $0.key.unit_digest) < ($1.key.campaign_id.uppercaseText, $1.key.unit_digest) }
        let rows = ordered.map { _, exposure -> [StoredValue] in
            let key = exposure.countKey
            return [.uuid(key.appID), .uuid(key.campaignID), exposure.unit.stored, .text(key.variant), .integer(Int(exposure.firstAt)),
                    .date(receivedAt), .bool(key.isTest)]
        }
        let inserted = Set(try await sql.run(insert, rows: rows, returning: Pair.self))
        var known: [UUID: [KeyDigest]] = [:]
        var deltas = CampaignCounts.Deltas()
        for (pair, exposure) in ordered {
            guard inserted.contains(pair) else {
                known[pair.campaign_id, default: []].append(pair.unit_digest)
                continue
            }
            deltas.add(1, of: .newUser, to: exposure.countKey)
        }
        for (campaignID, units) in known.sorted(by: { $0.key.uppercaseText < $1.key.uppercaseText }) {
            try await sql.raw("""
                UPDATE \(unsafeRaw: schema) SET received_at = \(bind: StoredValue.date(receivedAt))
                WHERE campaign_id = \(bind: StoredValue.uuid(campaignID)) AND unit_digest IN (\(binds: units.map(\.stored)))
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
