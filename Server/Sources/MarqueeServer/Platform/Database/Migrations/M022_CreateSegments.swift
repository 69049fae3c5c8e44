import Fluent
import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

/// Segments and what they read: the app facts of each known user (columns of `user_profiles`),
/// an index of profile values and tags (left empty: M033 drops it, as audience counts read
/// profiles themselves), and each user's last sighting, click and conversion per campaign,
/// filled from what is stored so far. Each app gains the rules of what its devices may set in
/// their user's profile (none, at first).
///
/// The rows are written in this migration's own terms (the history by user ID, as M029 finds
/// it), not with the code of later tables.
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
        try await database.schema("user_profile_values")
            .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .string, .required)
            .field("name", .string, .required)
            .field("kind", .string, .required)
            .field("text_value", .string)
            .field("number_value", .double)
            .create()
        try await database.schema("user_tags")
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
        try await sql.create(index: "user_profile_values_user").on("user_profile_values").column("app_id").column("user_id").run()
        try await sql.create(index: "user_profile_values_text").on("user_profile_values")
            .column("app_id").column("name").column("text_value").run()
        try await sql.create(index: "user_profile_values_number").on("user_profile_values")
            .column("app_id").column("name").column("number_value").run()
        try await sql.create(index: "user_tags_tag").on("user_tags").column("app_id").column("tag").run()
        try await sql.create(index: "user_history_campaign").on(UserHistory.schema)
            .column("app_id").column("campaign_id").column("action").column("last_at").run()
        try await fillHistory(on: sql)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserHistory.schema).delete()
        try await database.schema("user_tags").delete()
        try await database.schema("user_profile_values").delete()
        for column in ["first_seen_at", "last_seen_at", "sessions", "app_version", "app_version_order", "platform", "locale"] {
            try await database.schema(UserProfileStore.schema).deleteField(.key(.init(stringLiteral: column))).update()
        }
        try await database.schema(AppRecord.schema).deleteField("device_profile").update()
        try await database.schema(SegmentRecord.schema).delete()
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
        // A later time wins when one user's row comes from both.
        var latest: [[String]: (row: Sighting, userID: String, action: HistoryCondition.Action)] = [:]
        for (rows, converted) in [(impressions, false), (conversions, true)] {
            for row in rows {
                guard let userID = UserHistory.userID(identityKey: row.user_key),
                      let action = converted ? .converted : ImpressionTypeCode(rawValue: row.type).flatMap(UserHistory.action(forImpressionType:)) else { continue }
                let key = [row.app_id.uuidString, userID, row.campaign_id.uuidString, action.rawValue]
                if (latest[key]?.row.last_at ?? .min) < row.last_at { latest[key] = (row, userID, action) }
            }
        }
        let insert = RowInsert(table: UserHistory.schema, columns: ["app_id", "user_id", "campaign_id", "action", "last_at"])
        try await sql.run(insert, rows: latest.values.map { entry in
            [.uuid(entry.row.app_id), .text(entry.userID), .uuid(entry.row.campaign_id), .text(entry.action.rawValue), .integer(Int(entry.row.last_at))]
        })
    }
}
