import Fluent

/// Profile import jobs (``ImportJobRecord``): what each import has done so far, readable from
/// any instance.
struct M026_CreateImportJobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ImportJobRecord.schema)
            .id()
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("format", .string, .required)
            .field("status", .string, .required)
            .field("imported", .int, .required)
            .field("failed", .int, .required)
            .field("errors", .string, .required)
            .field("message", .string)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64, .required)
            .field("finished_at", .int64)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ImportJobRecord.schema).delete()
    }
}
