import Fluent

struct M006_CreateAccounts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AccountRecord.schema)
            .id()
            .field("email", .string, .required)
            .field("password_hash", .string, .required)
            .field("role", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "email")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AccountRecord.schema).delete()
    }
}
