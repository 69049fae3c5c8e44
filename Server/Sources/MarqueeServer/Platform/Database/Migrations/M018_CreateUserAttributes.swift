import Fluent

/// Per-user values for message placeholders (``UserAttributesStore``): one row per app and user.
struct M018_CreateUserAttributes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserAttributesStore.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("attributes", .string, .required)
            .field("updated_at", .int64, .required)
            .unique(on: "app_id", "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserAttributesStore.schema).delete()
    }
}
