import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Who changed a profile, as its `profile_change` event says.
enum ProfileChangeSource: String, Sendable {
    /// The user's own app, through the SDK.
    case sdk
    /// The team, through the admin API.
    case api
    /// A bulk import, from the API or `marquee profiles import`.
    case `import`
}

/// Stores each user's ``UserProfile`` by app and user ID; erasing a user removes it. Every change
/// (the admin API, the SDK, a bulk import) goes through ``apply(_:appID:userID:at:on:)``, and
/// every transaction that changes a profile tells ``UserChanges``.
struct UserProfileStore {
    static let schema = "user_profiles"
    let database: any Database
    let changes: UserChanges

    private struct Row: Decodable {
        var profile: String
    }

    /// The user's profile; empty when nothing is stored.
    func profile(appID: UUID, userID: String) async throws -> UserProfile {
        try await Self.read(appID: appID, userID: userID, on: try database.sql(), locking: false) ?? UserProfile()
    }

    /// Applies `change` and stores the result; throws ``APIError`` naming the field when the change
    /// or its result would break a limit, and then nothing changes.
    func apply(_ change: ProfileChange, appID: UUID, userID: String, at millis: Int64,
               from source: ProfileChangeSource) async throws -> UserProfile {
        try await changes.transaction(changing: [KeyDigest(user: userID, in: appID)], on: database) { db in
            try await Self.apply(change, appID: appID, userID: userID, at: millis, from: source, on: try db.sql())
        }
    }

    /// Applies `change` inside the caller's transaction, which tells ``UserChanges``: the row is read locked (PostgreSQL) or
    /// under the single writer (SQLite), checked, then written, so concurrent
    /// changes to one user all land. A refused change writes nothing; a stored one logs a
    /// `profile_change` event (``EventLog``) with the profile it left.
    static func apply(_ change: ProfileChange, appID: UUID, userID: String, at millis: Int64,
                      from source: ProfileChangeSource, on sql: any SQLDatabase) async throws -> UserProfile {
        var issues = change.validationIssues()
        let existing = try await read(appID: appID, userID: userID, on: sql, locking: true)
        let changed = (existing ?? UserProfile()).applying(change)
        issues += issues.isEmpty ? changed.validationIssues() : []
        guard issues.isEmpty else { throw ProfileError.invalid(issues) }
        let text = String(decoding: try MarqueeJSON.encoder().encode(changed), as: UTF8.self)
        if existing == nil {
            let inserted = try await sql.raw("""
                INSERT INTO \(ident: schema) (app_id, user_id, user_digest, profile, updated_at)
                VALUES (\(bind: appID), \(bind: userID), \(bind: KeyDigest(userID).stored), \(bind: text), \(bind: millis))
                ON CONFLICT (app_id, user_id) DO NOTHING RETURNING user_id
                """).all()
            // A concurrent first change made the row meanwhile: apply this one over it.
            guard !inserted.isEmpty else { return try await apply(change, appID: appID, userID: userID, at: millis, from: source, on: sql) }
        } else {
            try await sql.update(schema).set("profile", to: SQLBind(text)).set("updated_at", to: SQLBind(millis))
                .where("app_id", .equal, appID).where("user_id", .equal, userID).run()
        }
        let profile = (try? MarqueeJSON.decoder().decode(JSONValue.self, from: Data(text.utf8))) ?? .null
        try await EventLog.append([EventLog.Entry(appID: appID, type: .profileChange, userID: userID, serverTime: millis,
                                                  data: ["source": .string(source.rawValue), "profile": profile])], on: sql)
        return changed
    }

    /// Removes the user's profile and facts, inside the caller's transaction.
    static func delete(appID: UUID, userID: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: schema).where("app_id", .equal, appID).where("user_id", .equal, userID).run()
    }

    /// The stored profile; `nil` when the user has no row.
    private static func read(appID: UUID, userID: String, on sql: any SQLDatabase, locking: Bool) async throws -> UserProfile? {
        var query = sql.select().column("profile").from(schema).where("app_id", .equal, appID).where("user_id", .equal, userID)
        if locking { query = query.for(.update) }
        guard let row = try await query.first(decoding: Row.self) else { return nil }
        return try MarqueeJSON.decoder().decode(UserProfile.self, from: Data(row.profile.utf8))
    }
}
