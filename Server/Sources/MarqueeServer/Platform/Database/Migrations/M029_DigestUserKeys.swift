import Fluent
import Foundation
import SQLKit

/// Rows that exist per user and per something else (history per campaign, profile values, tags)
/// name their user by digest (``KeyDigest``) instead of repeating the user ID in each row and
/// its index. Each profile row gains its user's digest, which audience counts join on.
///
/// Each table gains a digest column, filled one user at a time, then is rebuilt without its
/// user ID (SQLite cannot drop a column a unique key holds).
struct M029_DigestUserKeys: AsyncMigration {
    private static let page = 1_000

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        for table in [UserProfileStore.schema, UserHistory.schema, UserProfileIndex.valuesSchema, UserProfileIndex.tagsSchema] {
            try await database.schema(table).field("user_digest", .data).update()
            try await fillDigests(of: table, on: sql)
        }
        try await rebuild(UserHistory.schema, indexes: ["user_history_campaign"], columns: ["app_id", "user_digest", "campaign_id", "action", "last_at"],
                          on: sql) {
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
        try await rebuild(UserProfileIndex.valuesSchema,
                          indexes: ["user_profile_values_user", "user_profile_values_text", "user_profile_values_number"],
                          columns: ["app_id", "user_digest", "name", "kind", "text_value", "number_value"], on: sql) {
            try await database.schema(UserProfileIndex.valuesSchema)
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("user_digest", .data, .required)
                .field("name", .string, .required)
                .field("kind", .string, .required)
                .field("text_value", .string)
                .field("number_value", .double)
                .create()
            try await sql.create(index: "user_profile_values_user").on(UserProfileIndex.valuesSchema).column("app_id").column("user_digest").run()
            try await sql.create(index: "user_profile_values_text").on(UserProfileIndex.valuesSchema)
                .column("app_id").column("name").column("text_value").run()
            try await sql.create(index: "user_profile_values_number").on(UserProfileIndex.valuesSchema)
                .column("app_id").column("name").column("number_value").run()
        }
        try await rebuild(UserProfileIndex.tagsSchema, indexes: ["user_tags_tag"], columns: ["app_id", "user_digest", "tag"], on: sql) {
            try await database.schema(UserProfileIndex.tagsSchema)
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("user_digest", .data, .required)
                .field("tag", .string, .required)
                .unique(on: "app_id", "user_digest", "tag")
                .create()
            try await sql.create(index: "user_tags_tag").on(UserProfileIndex.tagsSchema).column("app_id").column("tag").run()
        }
    }

    private struct User: Decodable {
        var app_id: UUID
        var user_id: String
    }

    /// Sets each row's `user_digest` from its `user_id`, a page of users at a time.
    private func fillDigests(of table: String, on sql: any SQLDatabase) async throws {
        var after: User?
        while true {
            let from: SQLQueryString = after.map { "WHERE (app_id, user_id) > (\(bind: $0.app_id), \(bind: $0.user_id))" } ?? ""
            let users = try await sql.raw("""
                SELECT DISTINCT app_id, user_id FROM \(ident: table) \(from) ORDER BY app_id, user_id LIMIT \(literal: Self.page)
                """).all(decoding: User.self)
            for user in users {
                try await sql.update(table).set("user_digest", to: SQLBind(KeyDigest(user.user_id).stored))
                    .where("app_id", .equal, user.app_id).where("user_id", .equal, user.user_id).run()
            }
            guard users.count == Self.page else { return }
            after = users.last
        }
    }

    /// Renames `table` aside, creates it anew without `user_id` (`create`), copies `columns`
    /// across in one statement, and drops the old table.
    private func rebuild(_ table: String, indexes: [String], columns: [String], on sql: any SQLDatabase,
                         create: () async throws -> Void) async throws {
        let old = table + "_by_id"
        try await sql.raw("ALTER TABLE \(ident: table) RENAME TO \(ident: old)").run()
        for index in indexes { try await sql.drop(index: index).run() }
        try await create()
        let list = SQLQueryString(columns.joined(separator: ", "))
        try await sql.raw("INSERT INTO \(ident: table) (\(list)) SELECT \(list) FROM \(ident: old)").run()
        try await sql.drop(table: old).run()
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
