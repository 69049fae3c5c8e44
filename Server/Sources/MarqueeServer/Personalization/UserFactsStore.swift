import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// What the server sees of each identified user's app, kept from their pings on their
/// `user_profiles` row: first and last seen, sessions, and the app version, platform and locale
/// last reported. Segments read them.
///
/// Pings do not write here themselves: ``UserFactsRecorder`` writes their visits behind the
/// answers, in batches, and only visits with news (``UserVisit/isKnown(to:)``).
struct UserFactsStore {
    let database: any Database

    /// A ping this long after the last one starts a new session.
    static let sessionGap: Int64 = 30 * 60 * 1000
    /// How stale a stored last-seen time may get before a ping moves it.
    static let lastSeenPrecision: Int64 = 5 * 60 * 1000
    /// The longest app version recorded, in bytes of UTF-8 (its sort key takes 10 bytes a part).
    static let maxVersionBytes = 64

    /// A user's row as a ping reads it: facts and the profile text.
    struct Row: Decodable, Sendable {
        var profile: String?
        var first_seen_at: Int64?
        var last_seen_at: Int64?
        var sessions: Int?
        var app_version: String?
        var platform: String?
        var locale: String?

        var facts: UserFacts {
            UserFacts(firstSeen: first_seen_at.map(Date.init(millis:)), lastSeen: last_seen_at.map(Date.init(millis:)),
                      sessions: sessions ?? 0, appVersion: app_version.flatMap(AppVersion.init),
                      platform: platform.flatMap(Platform.init(rawValue:)), locale: locale)
        }

        func storedProfile() throws -> UserProfile {
            guard let profile else { return UserProfile() }
            return try MarqueeJSON.decoder().decode(UserProfile.self, from: Data(profile.utf8))
        }
    }

    /// The user's row, if any.
    func row(appID: UUID, userID: String) async throws -> Row? {
        guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
        return try await sql.select()
            .columns("profile", "first_seen_at", "last_seen_at", "sessions", "app_version", "platform", "locale")
            .from(UserProfileStore.schema).where("app_id", .equal, appID).where("user_id", .equal, userID)
            .first(decoding: Row.self)
    }

    /// Users written by one statement: 12 values each stays under every database's limit of binds.
    static let visitsPerStatement = 200

    /// Writes `visits` (one per user) inside the caller's transaction. In SQL, so that visits
    /// written by several instances each count a new session once, and time never goes back;
    /// ``UserVisit/applied(to:)`` is the same rule in Swift.
    static func write(_ visits: [UserVisit], on sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: visits.count, by: visitsPerStatement) {
            let rows: [SQLQueryString] = visits[start..<min(start + visitsPerStatement, visits.count)].map { visit in
                """
                (\(bind: visit.appID), \(bind: visit.userID), \(bind: KeyDigest(visit.userID).stored), '{}', \(bind: visit.last),
                 \(bind: visit.first), \(bind: visit.last), \(bind: 1 + visit.sessionsWithin), \(bind: visit.appVersion?.description),
                 \(bind: visit.appVersion.map(Self.order)), \(bind: visit.platform), \(bind: visit.locale))
                """
            }
            try await sql.raw("""
                INSERT INTO user_profiles (app_id, user_id, user_digest, profile, updated_at, first_seen_at, last_seen_at, sessions,
                                           app_version, app_version_order, platform, locale)
                VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (app_id, user_id) DO UPDATE SET
                    first_seen_at = COALESCE(user_profiles.first_seen_at, excluded.first_seen_at),
                    sessions = COALESCE(user_profiles.sessions, 0) + excluded.sessions - 1 + CASE
                        WHEN user_profiles.last_seen_at IS NULL OR excluded.first_seen_at - user_profiles.last_seen_at >= \(bind: sessionGap)
                        THEN 1 ELSE 0 END,
                    last_seen_at = CASE
                        WHEN user_profiles.last_seen_at IS NULL OR excluded.last_seen_at > user_profiles.last_seen_at
                        THEN excluded.last_seen_at ELSE user_profiles.last_seen_at END,
                    app_version = COALESCE(excluded.app_version, user_profiles.app_version),
                    app_version_order = COALESCE(excluded.app_version_order, user_profiles.app_version_order),
                    platform = COALESCE(excluded.platform, user_profiles.platform),
                    locale = COALESCE(excluded.locale, user_profiles.locale)
                """).run()
        }
    }

    /// A version as text that sorts as versions compare: each part nine digits, trailing zero
    /// parts dropped (`1.10` → `000000001.000000010`, and `1.0` equals `1`).
    static func order(_ version: AppVersion) -> String {
        var parts = version.parts
        while parts.count > 1, parts.last == 0 { parts.removeLast() }
        return parts.map { part in
            let digits = String(min(part, 999_999_999))
            return String(repeating: "0", count: 9 - digits.count) + digits
        }.joined(separator: ".")
    }
}
