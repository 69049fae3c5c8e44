import Fluent
import SQLKit

/// What the scheduled inbox purge needs: the oldest sync time a token may still carry (a token
/// from before a purged copy's expiry never learned that it left), and indexes that let the purge
/// find old deletion markers and expired copies without reading every copy of an app.
struct M013_AddInboxPurgeHorizon: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(InboxSchema.sequences)
            .field("min_as_of", .int64, .required, .sql(.default(0)))
            .update()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "inbox_entries_app_deleted").on(InboxSchema.entries)
            .column("app_id").column("deleted_at").run()
        try await sql.create(index: "inbox_entries_app_expires").on(InboxSchema.entries)
            .column("app_id").column("expires_at").run()
    }

    func revert(on database: any Database) async throws {
        if let sql = database as? any SQLDatabase {
            try await sql.drop(index: "inbox_entries_app_expires").run()
            try await sql.drop(index: "inbox_entries_app_deleted").run()
        }
        try await database.schema(InboxSchema.sequences).deleteField("min_as_of").update()
    }
}
