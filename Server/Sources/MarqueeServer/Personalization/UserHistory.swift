import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit

/// When each known user last saw, clicked or converted on each campaign: what segments' history
/// conditions read. One row per user (by digest, ``KeyDigest``), campaign and action, moved
/// forward (never back) by the writers of impressions and conversions, inside their own
/// transactions.
enum UserHistory {
    static let schema = "user_history"

    struct Entry: Sendable, Hashable {
        var appID: UUID
        var userID: String
        var campaignID: UUID
        var action: HistoryCondition.Action
        /// Milliseconds since 1970, on the device's clock as reported.
        var at: Int64

        var key: Key { Key(appID: appID, userID: userID, campaignID: campaignID, action: action) }

        struct Key: Hashable {
            var appID: UUID
            var userID: String
            var campaignID: UUID
            var action: HistoryCondition.Action
        }
    }

    /// A later time replaces an earlier one, whichever arrives first.
    private static let upsert = RowInsert(
        table: schema, columns: ["app_id", "user_digest", "campaign_id", "action", "last_at"],
        clause: """
            ON CONFLICT (app_id, user_digest, campaign_id, action) DO UPDATE SET last_at = \
            CASE WHEN excluded.last_at > user_history.last_at THEN excluded.last_at ELSE user_history.last_at END
            """)

    /// What an impression of `type` says the user did, if it is history a segment reads.
    static func action(forImpressionType type: ImpressionTypeCode) -> HistoryCondition.Action? {
        switch type {
        case .impression: .saw
        case .actionOne, .actionTwo, .clickContent: .clicked
        case .invalid, .exit, .optOut, .pageView: nil
        }
    }

    /// The user ID within a stored identity key (`u:<user ID>|t:<tracking ID>`), if it has one.
    static func userID(identityKey: String) -> String? {
        guard identityKey.hasPrefix("u:"), let separator = identityKey.range(of: "|t:") else { return nil }
        let userID = identityKey[identityKey.index(identityKey.startIndex, offsetBy: 2)..<separator.lowerBound]
        return userID.isEmpty ? nil : String(userID)
    }

    /// Records `entries`, inside the caller's transaction, which tells other instances that their
    /// users changed (``UserChanges/announce(_:on:)``); returns those users, for the caller to
    /// pass to ``UserChanges/committed(_:)`` once the transaction has committed. Entries for one
    /// row are merged first: PostgreSQL refuses a statement that updates a row twice.
    static func record(_ entries: [Entry], on sql: any SQLDatabase, changes: UserChanges) async throws -> [KeyDigest] {
        var latest: [Entry.Key: Entry] = [:]
        for entry in entries where (latest[entry.key]?.at ?? .min) < entry.at { latest[entry.key] = entry }
        guard !latest.isEmpty else { return [] }
        let users = Array(Set(latest.keys.map { KeyDigest(user: $0.userID, in: $0.appID) }))
        try await changes.announce(users, on: sql)
        let rows: [[StoredValue]] = latest.values.map { ($0, KeyDigest($0.userID)) }
            .sorted { ($0.1, $0.0.campaignID.uppercaseText, $0.0.action.rawValue) < ($1.1, $1.0.campaignID.uppercaseText, $1.0.action.rawValue) }
            .map { entry, user in
                [.uuid(entry.appID), user.stored, .uuid(entry.campaignID), .text(entry.action.rawValue), .integer(Int(entry.at))]
            }
        try await sql.run(upsert, rows: rows)
        return users
    }

    private struct Row: Decodable {
        var campaign_id: UUID
        var action: String
        var last_at: Int64
    }

    /// When the user last did each action on `campaigns`.
    static func history(appID: UUID, userID: String, campaigns: [UUID],
                        on sql: any SQLDatabase) async throws -> [SegmentSubject.HistoryEntry: Date] {
        guard !campaigns.isEmpty else { return [:] }
        let rows = try await sql.select().columns("campaign_id", "action", "last_at").from(schema)
            .where("app_id", .equal, appID).where("user_digest", .equal, SQLBind(KeyDigest(userID).stored))
            .where("campaign_id", .in, campaigns)
            .all(decoding: Row.self)
        var history: [SegmentSubject.HistoryEntry: Date] = [:]
        for row in rows {
            guard let action = HistoryCondition.Action(rawValue: row.action) else { continue }
            history[SegmentSubject.HistoryEntry(campaign: row.campaign_id.canonical, action: action)] =
                Date(timeIntervalSince1970: Double(row.last_at) / 1000)
        }
        return history
    }

    /// Removes what last happened before `millis`, inside the caller's transaction (retention).
    static func retire(before millis: Int64, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: schema).where("last_at", .lessThan, millis).run()
    }

    /// Removes the user's history, inside the caller's transaction (erasure).
    static func delete(appID: UUID, userID: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: schema).where("app_id", .equal, appID).where("user_digest", .equal, SQLBind(KeyDigest(userID).stored)).run()
    }
}
