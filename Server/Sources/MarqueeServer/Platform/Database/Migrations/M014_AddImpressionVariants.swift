import Fluent

/// The experiment arm each impression was counted in (a variant id or `control`); empty or null
/// for campaigns without an experiment and for impressions stored before experiments existed.
struct M014_AddImpressionVariants: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("impressions").field("variant", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("impressions").deleteField("variant").update()
    }
}
