import Fluent
import SQLKit

/// Daily counts of impressions whose raw rows were retired (by retention or a user's erasure).
struct M005_CreateImpressionTotals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ImpressionTotals.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("day", .int64, .required)
            .field("type", .int, .required)
            .field("is_test", .bool, .required)
            .field("total", .int64, .required)
            .unique(on: "campaign_id", "day", "type", "is_test")
            .create()
        try await (database as? any SQLDatabase)?
            .create(index: "impression_batches_received").on(ImpressionBatchRecord.schema).column("received_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ImpressionTotals.schema).delete()
    }
}
