import Fluent
import SQLKit

/// On SQLite the event log's `seq` was a plain `INTEGER PRIMARY KEY`, which gives the next row
/// one more than the highest left: once the newest rows were erased or pruned, their numbers were
/// given again, and a reader whose cursor stood on one skipped the new events (an erasure's own
/// `user_erased` among them). `AUTOINCREMENT` never gives a number twice, and SQLite keeps the
/// highest it gave (`sqlite_sequence`), by which the stream tells a cursor it gave out from one
/// it never did (``EventLog/couldHaveIssued(_:on:)``). The table is rebuilt with its rows and
/// numbers (``TableRebuild``). PostgreSQL's identity sequence never reused a number: nothing to do.
struct M040_EventPositionsAreNeverReused: AsyncMigration {
    private static let columns = ["seq", "tx", "id", "app_id", "campaign_id", "variant", "user_id", "device_id", "server_time", "events"]

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        guard sql.dialect.name == "sqlite" else { return }
        let rebuild = TableRebuild(table: EventLog.schema, indexes: ["events_position", "events_user"])
        try await rebuild.replace(on: sql) {
            try await database.schema(EventLog.schema)
                // SQLite takes AUTOINCREMENT only on a column declared exactly `INTEGER PRIMARY KEY`.
                .field("seq", .sql(unsafeRaw: "INTEGER"), .sql(unsafeRaw: "PRIMARY KEY AUTOINCREMENT"))
                .field("tx", .int64, .required, .sql(unsafeRaw: "DEFAULT 0"))
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
        // Explicit numbers raise SQLite's mark to the highest copied.
        try await rebuild.copy(columns: Self.columns, on: sql)
    }

    func revert(on database: any Database) async throws {}
}
