import Fluent
import Foundation
import SQLKit

/// Rows that exist per user and per something else (history per campaign, profile values, tags)
/// name their user by digest (``KeyDigest``) instead of repeating the user ID in each row and
/// its index. Each profile row gains its user's digest, which audience counts join on.
///
/// Each table gains a digest column, filled one user at a time, then is rebuilt without its
/// user ID (``TableRebuild``).
struct M029_DigestUserKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        for table in [UserProfileStore.schema, UserHistory.schema, "user_profile_values", "user_tags"] {
            try await database.schema(table).field("user_digest", .data).update()
            try await TableRebuild.fillUserDigests(of: table, on: sql)
        }
        let history = TableRebuild(table: UserHistory.schema, indexes: ["user_history_campaign"])
        try await history.replace(on: sql) {
            try await database.schema(UserHistory.schema)
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("user_digest", .data, .required)
                .field("campaign_id", .uuid, .required)
                .field("action", .string, .required)
                .field("last_at", .int64, .required)
                .unique(on: "app_id", "user_digest", "campaign_id", "action")
                .create()
            try await sql.create(index: "user_history_campaign").on(UserHistory.schema)
                .column("app_id").column("campaign_id").column("action").column("last_at").run()
        }
        try await history.copy(columns: ["app_id", "user_digest", "campaign_id", "action", "last_at"], on: sql)
        let values = TableRebuild(table: "user_profile_values",
                                  indexes: ["user_profile_values_user", "user_profile_values_text", "user_profile_values_number"])
        try await values.replace(on: sql) {
            try await database.schema("user_profile_values")
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("user_digest", .data, .required)
                .field("name", .string, .required)
                .field("kind", .string, .required)
                .field("text_value", .string)
                .field("number_value", .double)
                .create()
            try await sql.create(index: "user_profile_values_user").on("user_profile_values").column("app_id").column("user_digest").run()
            try await sql.create(index: "user_profile_values_text").on("user_profile_values")
                .column("app_id").column("name").column("text_value").run()
            try await sql.create(index: "user_profile_values_number").on("user_profile_values")
                .column("app_id").column("name").column("number_value").run()
        }
        try await values.copy(columns: ["app_id", "user_digest", "name", "kind", "text_value", "number_value"], on: sql)
        let tags = TableRebuild(table: "user_tags", indexes: ["user_tags_tag"])
        try await tags.replace(on: sql) {
            try await database.schema("user_tags")
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("user_digest", .data, .required)
                .field("tag", .string, .required)
                .unique(on: "app_id", "user_digest", "tag")
                .create()
            try await sql.create(index: "user_tags_tag").on("user_tags").column("app_id").column("tag").run()
        }
        try await tags.copy(columns: ["app_id", "user_digest", "tag"], on: sql)
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
