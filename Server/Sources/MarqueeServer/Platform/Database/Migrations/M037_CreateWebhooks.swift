import Fluent
import SQLKit

/// Webhook endpoints, the deliveries waiting for or sent to them, and each delivery's attempts
/// (``WebhookStore``). An endpoint keeps its place in the event log; a delivery is made in the
/// transaction that moves that place, so a restart, or a crash, loses none.
struct M037_CreateWebhooks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WebhookStore.endpoints)
            .field("id", .uuid, .identifier(auto: false))
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("url", .string, .required)
            .field("types", .string, .required)
            .field("secret", .string, .required)
            .field("status", .string, .required)
            .field("created_at", .int64, .required)
            .field("cursor", .string, .required)
            .field("failing_since", .int64)
            .field("lease_owner", .string)
            .field("lease_until", .int64)
            .create()
        try await database.schema(WebhookStore.deliveries)
            .field("id", .uuid, .identifier(auto: false))
            .field("endpoint_id", .uuid, .required, .references(WebhookStore.endpoints, "id", onDelete: .cascade))
            .field("created_at", .int64, .required)
            .field("events", .int, .required)
            .field("body", .string, .required)
            .field("state", .string, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .int64, .required)
            .field("delivered_at", .int64)
            .create()
        try await database.schema(WebhookStore.attempts)
            .field("id", .uuid, .identifier(auto: false))
            .field("delivery_id", .uuid, .required, .references(WebhookStore.deliveries, "id", onDelete: .cascade))
            .field("endpoint_id", .uuid, .required)
            .field("at", .int64, .required)
            .field("status", .int)
            .field("latency_ms", .int, .required)
            .field("error", .string)
            .create()
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        try await sql.create(index: "webhook_deliveries_waiting").on(WebhookStore.deliveries)
            .column("endpoint_id").column("state").column("created_at").run()
        try await sql.create(index: "webhook_attempts_endpoint").on(WebhookStore.attempts).column("endpoint_id").column("at").run()
        // Deleting an endpoint's deliveries finds their attempts by this key.
        try await sql.create(index: "webhook_attempts_delivery").on(WebhookStore.attempts).column("delivery_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WebhookStore.attempts).delete()
        try await database.schema(WebhookStore.deliveries).delete()
        try await database.schema(WebhookStore.endpoints).delete()
    }
}
