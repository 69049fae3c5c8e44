import Fluent
import SQLKit

struct M003_CreateImpressions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ImpressionBatchRecord.schema)
            .id()
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("batch_key", .string, .required)
            .field("received_at", .datetime)
            .unique(on: "app_id", "batch_key")
            .create()
        try await database.schema("impressions")
            .id()
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("batch_id", .uuid, .required, .references(ImpressionBatchRecord.schema, "id", onDelete: .cascade))
            .field("type", .int, .required)
            .field("occurred_at", .int64, .required)
            .field("user_key", .string, .required)
            .field("device_id", .string)
            .field("is_test", .bool, .required)
            .create()
        try await (database as? any SQLDatabase)?
            .create(index: "impressions_campaign_type").on("impressions").column("campaign_id").column("type").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("impressions").delete()
        try await database.schema(ImpressionBatchRecord.schema).delete()
    }
}
