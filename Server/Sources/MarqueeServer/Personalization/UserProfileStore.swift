import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Stores each user's ``UserProfile`` by app and user ID; erasing a user removes it. Changes
/// are read, applied and written in one transaction with the row locked (PostgreSQL) or under
/// the single writer (SQLite), so concurrent changes to one user all land.
struct UserProfileStore {
    static let schema = "user_profiles"
    let database: any Database

    private struct Row: Decodable {
        var profile: String
    }

    /// The user's profile; empty when nothing is stored.
    func profile(appID: UUID, userID: String) async throws -> UserProfile {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        return try await Self.read(appID: appID, userID: userID, on: sql, locking: false)
    }

    /// Applies `change` and stores the result; throws ``APIError`` naming the field when the
    /// result would break a limit, and then nothing changes.
    func apply(_ change: ProfileChange, appID: UUID, userID: String, at millis: Int64) async throws -> UserProfile {
        try await database.writeTransaction { db in
            guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
            // The row exists before it is locked, so two first changes cannot both insert it.
            try await sql.insert(into: Self.schema)
                .columns("app_id", "user_id", "profile", "updated_at")
                .values(SQLBind(appID), SQLBind(userID), SQLBind("{}"), SQLBind(millis))
                .ignoringConflicts(with: ["app_id", "user_id"])
                .run()
            let changed = try await Self.read(appID: appID, userID: userID, on: sql, locking: true).applying(change)
            let issues = changed.validationIssues()
            guard issues.isEmpty else { throw APIError.validation(issues) }
            let text = String(decoding: try MarqueeJSON.encoder().encode(changed), as: UTF8.self)
            try await sql.update(Self.schema).set("profile", to: SQLBind(text)).set("updated_at", to: SQLBind(millis))
                .where("app_id", .equal, appID).where("user_id", .equal, userID).run()
            try await UserProfileIndex.replace(appID: appID, userID: userID, with: changed, on: sql)
            return changed
        }
    }

    /// Removes the user's profile, facts and index rows, inside the caller's transaction.
    static func delete(appID: UUID, userID: String, on sql: any SQLDatabase) async throws {
        try await UserProfileIndex.delete(appID: appID, userID: userID, on: sql)
        try await sql.delete(from: schema).where("app_id", .equal, appID).where("user_id", .equal, userID).run()
    }

    private static func read(appID: UUID, userID: String, on sql: any SQLDatabase, locking: Bool) async throws -> UserProfile {
        var query = sql.select().column("profile").from(schema).where("app_id", .equal, appID).where("user_id", .equal, userID)
        if locking { query = query.for(.update) }
        guard let row = try await query.first(decoding: Row.self) else { return UserProfile() }
        return try MarqueeJSON.decoder().decode(UserProfile.self, from: Data(row.profile.utf8))
    }
}
