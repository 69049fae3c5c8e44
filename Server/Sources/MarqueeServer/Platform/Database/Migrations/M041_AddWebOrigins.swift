import Fluent

/// The origins whose pages may use the web SDK with each app (``WebOrigins``), a JSON array kept
/// as text like the app's other lists; existing apps allow none.
struct M041_AddWebOrigins: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AppRecord.schema).field("web_origins", .string, .required, .sql(.default("[]"))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AppRecord.schema).deleteField("web_origins").update()
    }
}
