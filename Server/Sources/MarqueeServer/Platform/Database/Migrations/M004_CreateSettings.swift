import Fluent

struct M004_CreateSettings: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SettingRecord.schema)
            .field("key", .string, .identifier(auto: false))
            .field("value", .string, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SettingRecord.schema).delete()
    }
}
