import Fluent
import SQLKit

struct M011_CreateAuditEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuditEventRecord.schema)
            .id()
            .field("occurred_at", .datetime, .required)
            .field("actor_kind", .string, .required)
            .field("actor", .string)
            .field("actor_role", .string)
            .field("method", .string, .required)
            .field("route", .string, .required)
            .field("path", .string, .required)
            .field("status", .int, .required)
            .field("app_id", .uuid)
            .field("address", .string)
            .create()
        try await (database as? any SQLDatabase)?
            .create(index: "audit_events_occurred").on(AuditEventRecord.schema).column("occurred_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuditEventRecord.schema).delete()
    }
}
