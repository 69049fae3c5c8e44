import Fluent
import SQLKit

/// What each audited change did to an app or a campaign: its subject (kind and id), the campaign
/// it concerned, and the subject before and after as JSON text. All nullable: events recorded
/// before this migration, and requests that change no app or campaign, have none.
struct M012_AddAuditChanges: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        try await database.schema(AuditEventRecord.schema).field("subject_kind", .string).update()
        try await database.schema(AuditEventRecord.schema).field("subject_id", .uuid).update()
        try await database.schema(AuditEventRecord.schema).field("campaign_id", .uuid).update()
        try await database.schema(AuditEventRecord.schema).field("before_state", .string).update()
        try await database.schema(AuditEventRecord.schema).field("after_state", .string).update()
        // The dashboard reads the log of one app or one campaign, newest first.
        try await (database as? any SQLDatabase)?.create(index: "audit_events_app")
            .on(AuditEventRecord.schema).column("app_id").column("occurred_at").run()
        try await (database as? any SQLDatabase)?.create(index: "audit_events_campaign")
            .on(AuditEventRecord.schema).column("campaign_id").column("occurred_at").run()
    }

    func revert(on database: any Database) async throws {
        try await (database as? any SQLDatabase)?.drop(index: "audit_events_campaign").run()
        try await (database as? any SQLDatabase)?.drop(index: "audit_events_app").run()
        try await database.schema(AuditEventRecord.schema)
            .deleteField("subject_kind").deleteField("subject_id").deleteField("campaign_id")
            .deleteField("before_state").deleteField("after_state")
            .update()
    }
}
