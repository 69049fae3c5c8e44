import Fluent
import Foundation
import SQLKit

/// Inbox copies name their message and user by small keys (``InboxCopyKey``): a message's
/// 8-byte key instead of its 36-character id, and a user key that holds the app, so no copy or
/// index stores the app's id. Of the five indexes, the one by user and change number stays (a
/// user's copies are few, so delivery and expiry times are read among them), and the purge's two
/// hold only copies that are deleted or expire. The copies table is rebuilt (``TableRebuild``).
struct M034_KeyInboxCopies: AsyncMigration {
    private struct MessageRow: Decodable {
        var id: UUID
    }

    /// A copy as ``M031_DigestInboxEntries`` stored it.
    private struct OldCopy: RebuiltRow {
        var app_id: UUID
        var message_id: UUID
        var user_digest: KeyDigest
        var deliver_at: Int64
        var expires_at: Int64?
        var is_read: Bool
        var is_deleted: Bool
        var deleted_at: Int64?
        var change_seq: Int64

        static let keyColumns = ["message_id", "user_digest"]
        static let newColumns = ["message_key", "user_key", "deliver_at", "expires_at", "is_read", "is_deleted", "deleted_at", "change_seq"]
        var keyValues: [any Encodable & Sendable] { [message_id, user_digest.stored] }

        var keyed: [StoredValue] {
            [.integer(Int(InboxCopyKey.message(message_id))), InboxCopyKey.user(user_digest, in: app_id).stored,
             .integer(Int(deliver_at)), .integer(expires_at.map(Int.init)), .bool(is_read), .bool(is_deleted), .integer(deleted_at.map(Int.init)),
             .integer(Int(change_seq))]
        }
    }

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await database.schema(InboxSchema.messages).field("copy_key", .int64).update()
        for message in try await sql.raw("SELECT id FROM \(ident: InboxSchema.messages)").all(decoding: MessageRow.self) {
            try await sql.update(InboxSchema.messages).set("copy_key", to: SQLBind(InboxCopyKey.message(message.id)))
                .where("id", .equal, message.id).run()
        }
        try await sql.create(index: "inbox_messages_copy_key").unique().on(InboxSchema.messages).column("copy_key").run()

        let old = ["inbox_entries_user_seq", "inbox_entries_user_deliver", "inbox_entries_user_expires",
                   "inbox_entries_app_deleted", "inbox_entries_app_expires"]
        let entries = TableRebuild(table: InboxSchema.entries, indexes: old)
        try await entries.replace(on: sql) {
            try await database.schema(InboxSchema.entries)
                .field("message_key", .int64, .required)
                .field("user_key", .data, .required)
                .field("deliver_at", .int64, .required)
                .field("expires_at", .int64)
                .field("is_read", .bool, .required)
                .field("is_deleted", .bool, .required)
                .field("deleted_at", .int64)
                .field("change_seq", .int64, .required)
                .compositeIdentifier(over: "message_key", "user_key")
                .create()
            // A user's copies in change order; delivery and expiry times are read among them.
            try await sql.create(index: "inbox_entries_user_seq").on(InboxSchema.entries).column("user_key").column("change_seq").run()
            // The purge's: only deleted copies and copies that expire.
            for column in ["deleted_at", "expires_at"] {
                try await sql.raw("""
                    CREATE INDEX \(ident: "inbox_entries_" + column) ON \(ident: InboxSchema.entries) (\(ident: column))
                    WHERE \(ident: column) IS NOT NULL
                    """).run()
            }
        }
        try await entries.copy(OldCopy.self, transform: \.keyed, on: sql)
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
