import Fluent
import SQLKit

/// The event log (``EventLog``): a row per write's events that share a user, device and
/// campaign, numbered as written. On PostgreSQL each row
/// also keeps the id of the transaction that wrote it, which orders the stream (see ``EventLog``);
/// on SQLite, where transactions run one at a time, that column is 0.
struct M036_CreateEventLog: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        let transactionDefault = sql.dialect.name == "postgresql" ? "DEFAULT (pg_current_xact_id()::text::bigint)" : "DEFAULT 0"
        try await database.schema(EventLog.schema)
            .field("seq", .int64, .identifier(auto: true))
            .field("tx", .int64, .required, .sql(unsafeRaw: transactionDefault))
            .field("id", .uuid, .required)
            .field("app_id", .uuid, .required)
            .field("campaign_id", .string)
            .field("variant", .string)
            .field("user_id", .string)
            .field("device_id", .string)
            .field("server_time", .int64, .required)
            .field("events", .string, .required)
            .create()
        try await sql.create(index: "events_position").on(EventLog.schema).column("app_id").column("tx").column("seq").run()
        try await sql.create(index: "events_user").on(EventLog.schema).column("app_id").column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(EventLog.schema).delete()
    }
}
