import Fluent
import SQLKit

/// Devices paired with the dashboard for previews and debug sessions (``PairingStore``).
struct M038_CreatePairings: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PairingStore.table)
            .field("id", .uuid, .identifier(auto: false))
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("code_hash", .string)
            .field("code_expires_at", .int64, .required)
            .field("device_id", .string)
            .field("expires_at", .int64)
            .field("ended_at", .int64)
            .field("created_by", .string, .required)
            .field("created_at", .int64, .required)
            .field("debug_session", .string)
            .field("preview", .string)
            .field("preview_seq", .int, .required)
            .create()
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        try await sql.create(index: "device_pairings_code").on(PairingStore.table).column("app_id").column("code_hash").run()
        try await sql.create(index: "device_pairings_device").on(PairingStore.table).column("app_id").column("device_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PairingStore.table).delete()
    }
}
