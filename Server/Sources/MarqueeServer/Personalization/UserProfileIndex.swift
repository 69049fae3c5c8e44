import Foundation
import MarqueeModel
import SQLKit

/// A user's attributes and tags as rows the database can search: one row per value (a list,
/// one per item) and one per tag. What audience counts query (``AudienceQuery``); the profile
/// itself stays the JSON that pings read. Rewritten with the profile, in its transaction. Rows
/// name their user by digest (``KeyDigest``), the `user_digest` of the user's profile row.
enum UserProfileIndex {
    static let valuesSchema = "user_profile_values"
    static let tagsSchema = "user_tags"

    /// How a value is stored, so that a comparison matches only values of its own type.
    enum Kind: String {
        case string = "s", number = "n", boolean = "b", date = "d", listItem = "l"
    }

    /// Replaces the rows of one user with those of `profile`, inside the caller's transaction.
    static func replace(appID: UUID, userID: String, with profile: UserProfile, on sql: any SQLDatabase) async throws {
        try await delete(appID: appID, userID: userID, on: sql)
        let user = KeyDigest(userID).stored
        var values: [[any SQLExpression]] = []
        for (name, value) in profile.attributes {
            for (kind, text, number) in rows(of: value) {
                values.append([SQLBind(appID), SQLBind(user), SQLBind(name), SQLBind(kind.rawValue),
                               text.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null,
                               number.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null])
            }
        }
        try await insert(values, into: valuesSchema, columns: ["app_id", "user_digest", "name", "kind", "text_value", "number_value"], on: sql)
        try await insert(profile.tags.map { [SQLBind(appID), SQLBind(user), SQLBind($0)] }, into: tagsSchema,
                         columns: ["app_id", "user_digest", "tag"], on: sql)
    }

    /// A profile may hold 10,000 list items: they go in statements of at most 500 rows, under
    /// every database's limit on bound values.
    private static func insert(_ rows: [[any SQLExpression]], into table: String, columns: [String], on sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: rows.count, by: 500) {
            let insert = sql.insert(into: table).columns(columns)
            for row in rows[start..<min(start + 500, rows.count)] { insert.values(row) }
            try await insert.run()
        }
    }

    /// Removes the user's rows, inside the caller's transaction.
    static func delete(appID: UUID, userID: String, on sql: any SQLDatabase) async throws {
        let user = SQLBind(KeyDigest(userID).stored)
        try await sql.delete(from: valuesSchema).where("app_id", .equal, appID).where("user_digest", .equal, user).run()
        try await sql.delete(from: tagsSchema).where("app_id", .equal, appID).where("user_digest", .equal, user).run()
    }

    /// The rows one value is stored as. A date is seconds since 1970; an empty list keeps one
    /// row without an item, so that the attribute still exists.
    static func rows(of value: ProfileValue) -> [(Kind, String?, Double?)] {
        switch value {
        case .string(let text): [(.string, text, nil)]
        case .number(let number): [(.number, nil, number)]
        case .boolean(let flag): [(.boolean, String(flag), nil)]
        case .date(let date): [(.date, nil, date.timeIntervalSince1970)]
        case .list(let items): items.isEmpty ? [(.listItem, nil, nil)] : Set(items).sorted().map { (.listItem, $0, nil) }
        }
    }
}
