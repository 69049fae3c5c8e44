import Fluent
import SQLKit

/// Conversions (``Conversions``): one row per user per campaign, which the unique key enforces.
struct M017_CreateConversions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Conversions.schema)
            .id()
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("unit_key", .string, .required)
            .field("user_key", .string, .required)
            .field("variant", .string, .required)
            .field("exposed_at", .int64, .required)
            .field("converted_at", .int64, .required)
            .field("received_at", .datetime, .required)
            .field("is_test", .bool, .required)
            .unique(on: "campaign_id", "unit_key")
            .create()
        try await (database as? any SQLDatabase)?
            .create(index: "conversions_received").on(Conversions.schema).column("received_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Conversions.schema).delete()
    }
}
