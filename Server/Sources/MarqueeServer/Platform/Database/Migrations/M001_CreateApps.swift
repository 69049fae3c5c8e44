import Fluent

struct M001_CreateApps: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AppRecord.schema)
            .id()
            .field("name", .string, .required)
            .field("subscription_id", .string, .required)
            .field("secret_hash", .string, .required)
            .field("rollout_percentage", .int, .required)
            .field("ping_interval_seconds", .int, .required)
            .field("test_user_ids", .string, .required)
            .field("test_device_ids", .string, .required)
            .field("frequency_caps", .string, .required)
            .field("campaigns_version", .int, .required)
            .field("campaigns_changed_at", .int64, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "subscription_id")
            .unique(on: "secret_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AppRecord.schema).delete()
    }
}
