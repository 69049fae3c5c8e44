import Fluent
import SQLKit

/// Each campaign's size in a ping (``CatalogBudget``), kept beside its payload so a save sums
/// the app's catalog in one query; existing campaigns are measured here.
struct M025_AddCampaignPingBytes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CampaignRecord.schema).field("ping_bytes", .int64).update()
        for record in try await CampaignRecord.query(on: database).withDeleted().all() {
            record.pingBytes = try CatalogBudget.bytes(of: try record.campaign())
            try await record.update(on: database)
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CampaignRecord.schema).deleteField("ping_bytes").update()
    }
}
