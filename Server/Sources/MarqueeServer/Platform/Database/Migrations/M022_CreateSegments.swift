import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

/// Segments and what they read: the app facts of each known user (columns of `user_profiles`),
/// an index of profile values and tags the audience count queries, and each user's last
/// sighting, click and conversion per campaign, filled from what is stored so far. Each app
/// gains the rules of what its devices may set in their user's profile (none, at first).
struct M022_CreateSegments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SegmentRecord.schema)
            .id()
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("rule", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "app_id", "name")
            .create()
        for (column, type) in [("first_seen_at", DatabaseSchema.DataType.int64), ("last_seen_at", .int64), ("sessions", .int),
                               ("app_version", .string), ("app_version_order", .string), ("platform", .string), ("locale", .string)] {
            try await database.schema(UserProfileStore.schema).field(.definition(name: .key(.init(stringLiteral: column)), dataType: type, constraints: [])).update()
        }
        try await database.schema(UserProfileIndex.valuesSchema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("name", .string, .required)
            .field("kind", .string, .required)
            .field("text_value", .string)
            .field("number_value", .double)
            .create()
        try await database.schema(UserProfileIndex.tagsSchema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("tag", .string, .required)
            .unique(on: "app_id", "user_id", "tag")
            .create()
        try await database.schema(UserHistory.schema)
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("campaign_id", .uuid, .required)
            .field("action", .string, .required)
            .field("last_at", .int64, .required)
            .unique(on: "app_id", "user_id", "campaign_id", "action")
            .create()
        try await database.schema(AppRecord.schema)
            .field("device_profile", .string, .required, .sql(.default("{}"))).update()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "user_profile_values_user").on(UserProfileIndex.valuesSchema).column("app_id").column("user_id").run()
        try await sql.create(index: "user_profile_values_text").on(UserProfileIndex.valuesSchema)
            .column("app_id").column("name").column("text_value").run()
        try await sql.create(index: "user_profile_values_number").on(UserProfileIndex.valuesSchema)
            .column("app_id").column("name").column("number_value").run()
        try await sql.create(index: "user_tags_tag").on(UserProfileIndex.tagsSchema).column("app_id").column("tag").run()
        try await sql.create(index: "user_history_campaign").on(UserHistory.schema)
            .column("app_id").column("campaign_id").column("action").column("last_at").run()
        try await fillIndex(on: sql)
        try await fillHistory(on: sql)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserHistory.schema).delete()
        try await database.schema(UserProfileIndex.tagsSchema).delete()
        try await database.schema(UserProfileIndex.valuesSchema).delete()
        for column in ["first_seen_at", "last_seen_at", "sessions", "app_version", "app_version_order", "platform", "locale"] {
            try await database.schema(UserProfileStore.schema).deleteField(.key(.init(stringLiteral: column))).update()
        }
        try await database.schema(AppRecord.schema).deleteField("device_profile").update()
        try await database.schema(SegmentRecord.schema).delete()
    }

    private struct ProfileRow: Decodable {
        var app_id: UUID
        var user_id: String
        var profile: String
    }

    /// Profiles stored before the index existed.
    private func fillIndex(on sql: any SQLDatabase) async throws {
        let rows = try await sql.select().columns("app_id", "user_id", "profile").from(UserProfileStore.schema).all(decoding: ProfileRow.self)
        for row in rows {
            let profile = try MarqueeJSON.decoder().decode(UserProfile.self, from: Data(row.profile.utf8))
            try await UserProfileIndex.replace(appID: row.app_id, userID: row.user_id, with: profile, on: sql)
        }
    }

    private struct Sighting: Decodable {
        var app_id: UUID
        var campaign_id: UUID
        var user_key: String
        var type: Int
        var last_at: Int64
    }

    /// Sightings, clicks and conversions stored before history was kept.
    private func fillHistory(on sql: any SQLDatabase) async throws {
        let impressions = try await sql.raw("""
            SELECT app_id, campaign_id, user_key, type, MAX(occurred_at) AS last_at FROM impressions
            WHERE user_key LIKE 'u:%' GROUP BY app_id, campaign_id, user_key, type
            """).all(decoding: Sighting.self)
        let conversions = try await sql.raw("""
            SELECT app_id, campaign_id, user_key, 0 AS type, MAX(converted_at) AS last_at FROM conversions
            WHERE user_key LIKE 'u:%' GROUP BY app_id, campaign_id, user_key
            """).all(decoding: Sighting.self)
        var entries: [UserHistory.Entry] = []
        for (rows, converted) in [(impressions, false), (conversions, true)] {
            for row in rows {
                guard let userID = UserHistory.userID(identityKey: row.user_key),
                      let action = converted ? .converted : ImpressionTypeCode(rawValue: row.type).flatMap(UserHistory.action(forImpressionType:)) else { continue }
                entries.append(UserHistory.Entry(appID: row.app_id, userID: userID, campaignID: row.campaign_id, action: action, at: row.last_at))
            }
        }
        try await UserHistory.record(entries, on: sql)
    }
}
