import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Stores each user's placeholder values (``UserAttributes``) by app and user ID. Pings of a
/// verified user carry them (``PingAnswer``, through ``UserRows``); erasing a user removes them.
struct UserAttributesStore {
    static let schema = "user_attributes"
    let database: any Database
    let changes: UserChanges

    private struct Row: Decodable {
        var attributes: String
    }

    /// The user's values; empty when none are stored.
    func attributes(appID: UUID, userID: String) async throws -> [String: String] {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        let row = try await sql.select().column("attributes").from(Self.schema)
            .where("app_id", .equal, appID).where("user_id", .equal, userID)
            .first(decoding: Row.self)
        return row.flatMap { try? MarqueeJSON.decoder().decode([String: String].self, from: Data($0.attributes.utf8)) } ?? [:]
    }

    /// Replaces the user's values; none removes the row.
    func replace(appID: UUID, userID: String, with attributes: [String: String], at millis: Int64) async throws {
        let text = String(decoding: try MarqueeJSON.encoder().encode(attributes), as: UTF8.self)
        try await changes.transaction(changing: [KeyDigest(user: userID, in: appID)], on: database) { db in
            let sql = try db.sql()
            guard !attributes.isEmpty else {
                try await Self.delete(appID: appID, userID: userID, on: sql)
                return
            }
            try await sql.insert(into: Self.schema)
                .columns("app_id", "user_id", "attributes", "updated_at")
                .values(SQLBind(appID), SQLBind(userID), SQLBind(text), SQLBind(millis))
                .onConflict(with: ["app_id", "user_id"]) { $0.set(excludedValueOf: "attributes").set(excludedValueOf: "updated_at") }
                .run()
        }
    }

    /// Removes the user's values, inside the caller's transaction, which tells ``UserChanges``.
    static func delete(appID: UUID, userID: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: schema).where("app_id", .equal, appID).where("user_id", .equal, userID).run()
    }
}
