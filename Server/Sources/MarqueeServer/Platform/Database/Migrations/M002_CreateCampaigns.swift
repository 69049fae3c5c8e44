import Fluent
import SQLKit

struct M002_CreateCampaigns: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CampaignRecord.schema)
            .id()
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("status", .string, .required)
            .field("payload", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .field("deleted_at", .datetime)
            .create()
        try await (database as? any SQLDatabase)?
            .create(index: "campaigns_app_status").on(CampaignRecord.schema).column("app_id").column("status").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CampaignRecord.schema).delete()
    }
}
