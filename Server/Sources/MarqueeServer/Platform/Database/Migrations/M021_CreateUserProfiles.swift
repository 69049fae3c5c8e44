import Fluent

/// Each user's typed attributes and tags (``UserProfileStore``): one row per app and user.
struct M021_CreateUserProfiles: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserProfileStore.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("profile", .string, .required)
            .field("updated_at", .int64, .required)
            .unique(on: "app_id", "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserProfileStore.schema).delete()
    }
}
