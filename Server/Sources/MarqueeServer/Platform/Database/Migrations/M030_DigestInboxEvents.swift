import Fluent
import Foundation
import SQLKit

/// App Inbox interactions name their user, event ID and device by digest (``KeyDigest``)
/// instead of by text, which the key's index held a second time: an event costs the same
/// whatever the identifiers. The table is rebuilt (``TableRebuild``).
struct M030_DigestInboxEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        let events = TableRebuild(table: InboxSchema.events, indexes: ["inbox_events_message"])
        try await events.replace(on: sql) {
            try await database.schema(InboxSchema.events)
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("user_digest", .data, .required)
                .field("event_digest", .data, .required)
                .field("message_id", .uuid, .required)
                .field("interaction", .string, .required)
                .field("url", .string)
                .field("occurred_at", .int64, .required)
                .field("device_digest", .data)
                .compositeIdentifier(over: "app_id", "user_digest", "event_digest")
                .create()
            try await sql.create(index: "inbox_events_message").on(InboxSchema.events).column("message_id").column("interaction").run()
        }
        try await events.copy(EventRow.self, transform: { row in
            [.uuid(row.app_id), KeyDigest(row.user_id).stored, KeyDigest(row.event_key).stored, .uuid(row.message_id),
             .text(row.interaction), .text(row.url), .integer(Int(row.occurred_at)),
             row.device_id.map { KeyDigest($0).stored } ?? .bytes(nil)]
        }, on: sql)
    }

    private struct EventRow: RebuiltRow {
        static let keyColumns = ["app_id", "user_id", "event_key"]
        static let newColumns = ["app_id", "user_digest", "event_digest", "message_id", "interaction", "url", "occurred_at", "device_digest"]
        var app_id: UUID
        var user_id: String
        var event_key: String
        var message_id: UUID
        var interaction: String
        var url: String?
        var occurred_at: Int64
        var device_id: String?
        var keyValues: [any Encodable & Sendable] { [app_id, user_id, event_key] }
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
