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
        let exposures = viewers.map { viewer in
            CampaignReach.Exposure(appID: viewer.app_id, campaignID: viewer.campaign_id,
                                   unitKey: Self.unit(identityKey: viewer.user_key, deviceID: viewer.device_id).key,
                                   userKey: viewer.user_key, variant: "", occurredAt: viewer.first_at, isTest: viewer.is_test)
        }
        try await CampaignCounts.add(try await CampaignReach.record(exposures, receivedAt: Date(), on: sql), on: sql)
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
