import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Who has seen each campaign (``CampaignReach``), filled from the impressions stored so far,
/// with their first exposures counted as new users. Rows filled here count as seen when the
/// migration ran, for retention.
struct M016_CreateCampaignReach: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CampaignReach.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("unit_key", .string, .required)
            .field("user_key", .string, .required)
            .field("variant", .string, .required)
            .field("first_at", .int64, .required)
            .field("received_at", .datetime, .required)
            .field("is_test", .bool, .required)
            .unique(on: "campaign_id", "unit_key")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "campaign_reach_received").on(CampaignReach.schema).column("received_at").run()
        let viewers = try await sql.raw("""
            SELECT app_id, campaign_id, user_key, device_id, is_test, MIN(occurred_at) AS first_at FROM impressions
            WHERE type = 1 GROUP BY app_id, campaign_id, user_key, device_id, is_test
            """).all(decoding: Viewer.self)
        // The earliest exposure of each campaign's unit, written as this table then stored it.
        var first: [String: (Viewer, String)] = [:]
        for viewer in viewers {
            let unit = Self.unit(identityKey: viewer.user_key, deviceID: viewer.device_id).key
            let pair = viewer.campaign_id.uppercaseText + "|" + unit
            if let seen = first[pair], seen.0.first_at <= viewer.first_at { continue }
            first[pair] = (viewer, unit)
        }
        let receivedAt = Date()
        let insert = RowInsert(table: CampaignReach.schema,
                               columns: ["app_id", "campaign_id", "unit_key", "user_key", "variant", "first_at", "received_at", "is_test"])
        var counts = CampaignCounts.Deltas()
        let rows = first.values.map { viewer, unit -> [StoredValue] in
            counts.add(1, of: .newUser, to: CampaignCounts.Key(appID: viewer.app_id, campaignID: viewer.campaign_id, variant: "",
                                                               quarter: CampaignCounts.quarter(ofMillis: viewer.first_at),
                                                               isTest: viewer.is_test))
            return [.uuid(viewer.app_id), .uuid(viewer.campaign_id), .text(unit), .text(viewer.user_key), .text(""),
                    .integer(Int(viewer.first_at)), .date(receivedAt), .bool(viewer.is_test)]
        }
        try await sql.run(insert, rows: rows)
        try await CampaignCounts.add(counts, on: sql)
    }

    private struct Viewer: Decodable {
        var app_id: UUID
        var campaign_id: UUID
        var user_key: String
        var device_id: String?
        var is_test: Bool
        var first_at: Int64
    }

    /// The unit of a stored ``UserIdentity/key`` (`anonymous` or `u:<user ID>|t:<tracking ID>`).
    static func unit(identityKey: String, deviceID: String?) -> ExperimentUnit {
        guard identityKey.hasPrefix("u:"), let separator = identityKey.range(of: "|t:") else {
            return ExperimentUnit(identity: .anonymous, deviceID: deviceID)
        }
        let userID = String(identityKey[identityKey.index(identityKey.startIndex, offsetBy: 2)..<separator.lowerBound])
        let tracking = String(identityKey[separator.upperBound...])
        return ExperimentUnit(identity: UserIdentity(userID: userID, idTrackingIdentifier: tracking), deviceID: deviceID)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CampaignReach.schema).delete()
    }
}
