import Fluent

/// Views of each carousel page (``CampaignPageViews``): one row per campaign, arm, page and test flag.
struct M023_CreateCampaignPageViews: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CampaignPageViews.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("campaign_id", .uuid, .required)
            .field("variant", .string, .required)
            .field("page", .int, .required)
            .field("is_test", .bool, .required)
            .field("views", .int64, .required)
            .unique(on: "campaign_id", "variant", "page", "is_test")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CampaignPageViews.schema).delete()
    }
}
