import Fluent
import SQLKit

struct M007_CreateSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SessionRecord.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("account_id", .uuid, .required, .references(AccountRecord.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .field("last_seen_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
        try await (database as? any SQLDatabase)?
            .create(index: "sessions_account").on(SessionRecord.schema).column("account_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SessionRecord.schema).delete()
    }
}
