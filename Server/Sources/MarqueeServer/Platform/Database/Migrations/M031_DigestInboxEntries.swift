import Fluent
import Foundation
import SQLKit

/// App Inbox copies name their user by digest (``KeyDigest``): the user ID was held by the row,
/// its key and three indexes, five times per copy. The table is rebuilt (``TableRebuild``).
struct M031_DigestInboxEntries: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await database.schema(InboxSchema.entries).field("user_digest", .data).update()
        try await TableRebuild.fillUserDigests(of: InboxSchema.entries, on: sql)
        let byUser = [("inbox_entries_user_seq", "change_seq"), ("inbox_entries_user_deliver", "deliver_at"),
                      ("inbox_entries_user_expires", "expires_at")]
        let byApp = [("inbox_entries_app_deleted", "deleted_at"), ("inbox_entries_app_expires", "expires_at")]
        let entries = TableRebuild(table: InboxSchema.entries, indexes: (byUser + byApp).map(\.0))
        try await entries.replace(on: sql) {
            try await database.schema(InboxSchema.entries)
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("message_id", .uuid, .required, .references(InboxSchema.messages, "id", onDelete: .cascade))
                .field("user_digest", .data, .required)
                .field("deliver_at", .int64, .required)
                .field("expires_at", .int64)
                .field("is_read", .bool, .required)
                .field("is_deleted", .bool, .required)
                .field("deleted_at", .int64)
                .field("change_seq", .int64, .required)
                .compositeIdentifier(over: "message_id", "user_digest")
                .create()
            for (index, column) in byUser {
                try await sql.create(index: index).on(InboxSchema.entries).column("app_id").column("user_digest").column(column).run()
            }
            for (index, column) in byApp {
                try await sql.create(index: index).on(InboxSchema.entries).column("app_id").column(column).run()
            }
        }
        try await entries.copy(columns: ["app_id", "message_id", "user_digest", "deliver_at", "expires_at", "is_read", "is_deleted",
                                         "deleted_at", "change_seq"], on: sql)
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
