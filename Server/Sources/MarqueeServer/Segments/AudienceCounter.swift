import Foundation
import SQLKit

/// Counts the known users of an app a condition (``AudienceQuery``) admits, in the database,
/// a chunk of users at a time in user ID order (the `(app_id, user_id)` key walks them). When
/// the time is up before the last chunk, or the ``AdminLane`` stops a chunk at its budget, the
/// count so far is scaled to all known users and marked an estimate, so a large app still gets
/// an answer in time.
struct AudienceCounter {
    let database: any SQLDatabase
    /// Users per query.
    var chunkSize = 20_000
    /// Whether the time for this count is up; asked after each chunk.
    var isOverTime: @Sendable () -> Bool

    /// A count bounded by wall-clock time: a guard on the work one request may cause, not a rule
    /// of the product, so it reads the continuous clock.
    init(database: any SQLDatabase, timeLimit: Duration = .seconds(2)) {
        self.database = database
        let deadline = ContinuousClock.now + timeLimit
        isOverTime = { ContinuousClock.now >= deadline }
    }

    init(database: any SQLDatabase, chunkSize: Int, isOverTime: @escaping @Sendable () -> Bool) {
        self.database = database
        self.chunkSize = chunkSize
        self.isOverTime = isOverTime
    }

    private struct Chunk: Decodable {
        var seen: Int
        var matched: Int?
        var last: String?
    }

    private struct Total: Decodable {
        var total: Int
    }

    func count(appID: UUID, where condition: SQLQueryString) async throws -> AudienceSize {
        var after = ""
        var seen = 0
        var matched = 0
        while true {
            let query: SQLQueryString = """
                SELECT COUNT(*) AS seen, SUM(CASE WHEN \(condition) THEN 1 ELSE 0 END) AS matched, MAX(p.user_id) AS last
                FROM (SELECT app_id, user_id, user_digest, first_seen_at, last_seen_at, sessions, app_version_order, platform, locale
                      FROM user_profiles WHERE app_id = \(bind: appID) AND user_id > \(bind: after)
                      ORDER BY user_id LIMIT \(literal: chunkSize)) p
                """
            let chunk: Chunk?
            do {
                chunk = try await database.raw(query).first(decoding: Chunk.self)
            } catch let error where AdminLane.isOverBudget(error) && seen > 0 {
                // The admin lane stopped this chunk: the chunks before it make the estimate.
                return try await estimate(appID: appID, matched: matched, seen: seen)
            }
            guard let chunk, chunk.seen > 0, let last = chunk.last else { break }
            seen += chunk.seen
            matched += chunk.matched ?? 0
            after = last
            if chunk.seen < chunkSize { break }
            if isOverTime() { return try await estimate(appID: appID, matched: matched, seen: seen) }
        }
        return AudienceSize(users: matched, exact: true, knownUsers: seen, counted: seen)
    }

    /// The share of the first `seen` users that matched, scaled to all known users.
    private func estimate(appID: UUID, matched: Int, seen: Int) async throws -> AudienceSize {
        let total = try await database.raw("SELECT COUNT(*) AS total FROM user_profiles WHERE app_id = \(bind: appID)")
            .first(decoding: Total.self)?.total ?? seen
        let estimate = Int((Double(matched) / Double(seen) * Double(total)).rounded())
        return AudienceSize(users: estimate, exact: false, knownUsers: total, counted: seen)
    }
}

/// How many known users an audience has: exact, or estimated from the first `counted` users
/// when the count ran out of time.
struct AudienceSize: JSONResource, Codable, Equatable {
    var users: Int
    var exact: Bool
    /// All the app's known users (users the server has seen ping, or has a profile for).
    var knownUsers: Int
    /// The users the count looked at.
    var counted: Int
}
