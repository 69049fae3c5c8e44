import Fluent

/// The locale each device last reported (``DeviceLocaleStore``): one row per app and device.
struct M020_CreateDeviceLocales: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeviceLocaleStore.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("device_id", .string, .required)
            .field("locale", .string, .required)
            .field("updated_at", .int64, .required)
            .unique(on: "app_id", "device_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DeviceLocaleStore.schema).delete()
    }
}
