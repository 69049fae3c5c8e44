import Foundation
import MarqueeModel
import SQLKit

/// Counts the known users of an app in an ``Audience``: it walks their `user_profiles` rows a
/// chunk at a time in user ID order (the `(app_id, user_id)` key), reads the history the rules
/// name for the chunk's users in one more query, and decides each user as a ping would. Deciding is
/// CPU work: it runs where `compute` puts it (the admin lane's low-priority threads), never on
/// the event loops that answer devices.
///
/// When the time is up before the last chunk, or the ``AdminLane`` stops a chunk's query at its
/// budget, the count so far is scaled to all known users and marked an estimate, so a large app
/// still gets an answer in time.
struct AudienceCounter {
    /// Runs a chunk's decisions and returns how many users it admitted.
    typealias Compute = @Sendable (@escaping @Sendable () throws -> Int) async throws -> Int

    let database: any SQLDatabase
    /// Users per chunk.
    var chunkSize = 5_000
    /// Whether the time for this count is up; asked after each chunk.
    var isOverTime: @Sendable () -> Bool
    var compute: Compute

    /// A count bounded by wall-clock time: a guard on the work one request may cause, not a rule
    /// of the product, so it reads the continuous clock.
    init(database: any SQLDatabase, timeLimit: Duration = .seconds(2), compute: @escaping Compute) {
        let deadline = ContinuousClock.now + timeLimit
        self.init(database: database, isOverTime: { ContinuousClock.now >= deadline }, compute: compute)
    }

    init(database: any SQLDatabase, chunkSize: Int = 5_000, isOverTime: @escaping @Sendable () -> Bool,
         compute: @escaping Compute = { try $0() }) {
        self.database = database
        self.chunkSize = chunkSize
        self.isOverTime = isOverTime
        self.compute = compute
    }

    /// The key of a chunk's row; the rest of it is what a ping reads (``UserFactsStore/Row``).
    private struct UserKey: Decodable {
        var user_id: String
        var user_digest: KeyDigest
    }

    private struct HistoryRow: Decodable {
        var user_digest: KeyDigest
        var campaign_id: UUID
        var action: String
        var last_at: Int64
    }

    private struct Total: Decodable {
        var total: Int
    }

    /// How many of the app's known users `audience` admits, at `now`.
    func count(appID: UUID, in audience: Audience, now: Date) async throws -> AudienceSize {
        let campaigns = audience.campaignsInHistory
        var after = ""
        var seen = 0
        var matched = 0
        while true {
            let users: [(UserKey, UserFactsStore.Row)]
            let history: [KeyDigest: [SegmentSubject.HistoryEntry: Date]]
            do {
                users = try await chunk(appID: appID, after: after)
                history = try await self.history(appID: appID, of: after, through: users.last?.0.user_id, campaigns: campaigns)
            } catch let error where AdminLane.isOverBudget(error) && seen > 0 {
                // The admin lane stopped this chunk: the chunks before it make the estimate.
                return try await estimate(appID: appID, matched: matched, seen: seen)
            }
            guard let last = users.last else { break }
            matched += try await compute {
                try users.reduce(0) { admitted, user in
                    let (key, row) = user
                    let profile = try row.storedProfile()
                    let subject = SegmentSubject(attributes: profile.attributes, tags: Set(profile.tags), facts: row.facts,
                                                 history: history[key.user_digest] ?? [:], now: now)
                    return admitted + (audience.admits(userID: key.user_id, subject) ? 1 : 0)
                }
            }
            seen += users.count
            after = last.0.user_id
            if users.count < chunkSize { break }
            if isOverTime() { return try await estimate(appID: appID, matched: matched, seen: seen) }
        }
        return AudienceSize(users: matched, exact: true, knownUsers: seen, counted: seen)
    }

    private func chunk(appID: UUID, after: String) async throws -> [(UserKey, UserFactsStore.Row)] {
        let rows = try await database.raw("""
            SELECT user_id, user_digest, profile, first_seen_at, last_seen_at, sessions, app_version, platform, locale
            FROM user_profiles WHERE app_id = \(bind: appID) AND user_id > \(bind: after) ORDER BY user_id LIMIT \(literal: chunkSize)
            """).all()
        return try rows.map { (try $0.decode(model: UserKey.self), try $0.decode(model: UserFactsStore.Row.self)) }
    }

    /// What the users after `first` through `last` in ID order (a chunk) last did on `campaigns`, by user.
    private func history(appID: UUID, of first: String, through last: String?,
                         campaigns: [UUID]) async throws -> [KeyDigest: [SegmentSubject.HistoryEntry: Date]] {
        guard let last, !campaigns.isEmpty else { return [:] }
        let listed = campaigns.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")
        let rows = try await database.raw("""
            SELECT h.user_digest, h.campaign_id, h.action, h.last_at FROM user_history h
            WHERE h.app_id = \(bind: appID) AND h.campaign_id IN (\(listed)) AND h.user_digest IN (
                SELECT user_digest FROM user_profiles WHERE app_id = \(bind: appID) AND user_id > \(bind: first) AND user_id <= \(bind: last))
            """).all(decoding: HistoryRow.self)
        var history: [KeyDigest: [SegmentSubject.HistoryEntry: Date]] = [:]
        for row in rows {
            guard let action = HistoryCondition.Action(rawValue: row.action) else { continue }
            history[row.user_digest, default: [:]][SegmentSubject.HistoryEntry(campaign: row.campaign_id.canonical, action: action)] =
                Date(millis: row.last_at)
        }
        return history
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
