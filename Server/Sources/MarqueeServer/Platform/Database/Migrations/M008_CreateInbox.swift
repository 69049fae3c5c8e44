import Fluent
import SQLKit

/// The App Inbox: messages, each recipient's copy with its state, the per-app change sequence,
/// and tracked opens and clicks.
struct M008_CreateInbox: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(InboxSchema.sequences)
            .field("app_id", .uuid, .identifier(auto: false), .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("last_seq", .int64, .required)
            .field("min_seq", .int64, .required)
            .create()
        try await database.schema(InboxSchema.messages)
            .field("id", .uuid, .identifier(auto: false))
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("content", .string, .required)
            .field("source", .string, .required)
            .field("deliver_at", .int64, .required)
            .field("expires_at", .int64)
            .field("created_at", .int64, .required)
            .field("deleted_at", .int64)
            .create()
        try await database.schema(InboxSchema.entries)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("message_id", .uuid, .required, .references(InboxSchema.messages, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("deliver_at", .int64, .required)
            .field("expires_at", .int64)
            .field("is_read", .bool, .required)
            .field("is_deleted", .bool, .required)
            .field("deleted_at", .int64)
            .field("change_seq", .int64, .required)
            .compositeIdentifier(over: "message_id", "user_id")
            .create()
        try await database.schema(InboxSchema.events)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("event_key", .string, .required)
            .field("message_id", .uuid, .required)
            .field("interaction", .string, .required)
            .field("url", .string)
            .field("occurred_at", .int64, .required)
            .field("device_id", .string)
            .compositeIdentifier(over: "app_id", "user_id", "event_key")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "inbox_entries_user_seq").on(InboxSchema.entries)
            .column("app_id").column("user_id").column("change_seq").run()
        try await sql.create(index: "inbox_entries_user_deliver").on(InboxSchema.entries)
            .column("app_id").column("user_id").column("deliver_at").run()
        try await sql.create(index: "inbox_entries_user_expires").on(InboxSchema.entries)
            .column("app_id").column("user_id").column("expires_at").run()
        try await sql.create(index: "inbox_messages_app_created").on(InboxSchema.messages)
            .column("app_id").column("created_at").run()
        try await sql.create(index: "inbox_events_message").on(InboxSchema.events)
            .column("message_id").column("interaction").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(InboxSchema.events).delete()
        try await database.schema(InboxSchema.entries).delete()
        try await database.schema(InboxSchema.messages).delete()
        try await database.schema(InboxSchema.sequences).delete()
    }
}

/// Table names of the App Inbox.
enum InboxSchema {
    static let sequences = "inbox_sequences"
    static let messages = "inbox_messages"
    static let entries = "inbox_entries"
    static let events = "inbox_events"
}
