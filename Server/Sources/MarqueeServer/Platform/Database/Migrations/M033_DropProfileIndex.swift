import Fluent
import Foundation

/// Audience counts decide each user from their profile row, as pings do (``AudienceCounter``):
/// the index of profile values and tags they used to query, which stored a list attribute or a
/// tag set many times over, goes.
struct M033_DropProfileIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("user_tags").delete()
        try await database.schema("user_profile_values").delete()
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
