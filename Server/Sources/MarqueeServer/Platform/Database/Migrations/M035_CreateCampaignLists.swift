import Fluent

/// Campaign lists by digest (``CampaignListStore``), so that any instance answers
/// `GET /v1/catalog/{digest}` for a list another instance named. No foreign key: lists of a
/// deleted app go with the lists of old catalog versions (``CampaignListStore/prune(before:on:)``).
struct M035_CreateCampaignLists: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CampaignListStore.schema)
            .field("digest", .string, .identifier(auto: false))
            .field("app_id", .uuid, .required)
            .field("version", .int, .required)
            .field("created_at", .int64, .required)
            .field("content", .data, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CampaignListStore.schema).delete()
    }
}
