import Fluent
import Foundation
import SQLKit

/// How a change to a user's stored rows (profile, app facts, placeholder values, history) reaches every
/// cache of them: ``transaction(changing:on:_:)`` drops them from this instance's caches once it
/// commits, and on PostgreSQL notifies every other instance, whose ``ChangeListener`` passes the
/// notice to ``heard(_:)``. Users are named by ``KeyDigest/init(user:in:)``.
final class UserChanges: Sendable {
    static let channel = "marquee_users"
    /// Users named by one notice: 33 characters each keeps it under PostgreSQL's 8,000 bytes.
    static let usersPerNotice = 200

    /// Names this instance in its notices: it has already forgotten what it changed.
    let instance = UUID().uuidString.lowercased()
    /// Users' profile rows, as pings read them for segments (``UserRows``).
    let rows: UserCache<UserRows.Stored>
    /// Users' placeholder values, as verified pings carry them.
    let values: UserCache<[String: String]>
    /// Users' campaign history, as segments read it.
    let history: UserCache<UserRows.HeldHistory>

    /// `learnsOfChanges`: true when every change reaches this instance (one process on SQLite).
    init(capacity: Int, learnsOfChanges: Bool) {
        rows = UserCache(capacity: capacity, learnsOfChanges: learnsOfChanges)
        values = UserCache(capacity: capacity, learnsOfChanges: learnsOfChanges)
        history = UserCache(capacity: capacity, learnsOfChanges: learnsOfChanges)
    }

    /// Runs `body` in a write transaction that changes the rows of `users`, and tells every cache.
    func transaction<T: Sendable>(changing users: [KeyDigest], on database: any Database,
                                  _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let result = try await database.writeTransaction { db in
            let result = try await body(db)
            try await self.announce(users, on: try db.sql())
            return result
        }
        committed(users)
        return result
    }

    /// Inside a write transaction: tells every other instance that `users` changed, when it commits.
    func announce(_ users: [KeyDigest], on sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        for start in stride(from: 0, to: users.count, by: Self.usersPerNotice) {
            let named = users[start..<min(start + Self.usersPerNotice, users.count)].map(\.bytes.lowercaseHex)
            let notice = ([instance] + named).joined(separator: " ")
            try await sql.raw("SELECT pg_notify(\(bind: Self.channel), \(bind: notice))").run()
        }
    }

    /// After the transaction that changed `users` committed: this instance's caches drop them.
    func committed(_ users: some Sequence<KeyDigest>) {
        rows.forget(users)
        values.forget(users)
        history.forget(users)
    }

    /// After the transaction that wrote `visits` committed: this instance's held rows take them,
    /// which is what the write did to them (``UserVisit/applied(to:)``); other instances drop
    /// theirs when they hear of it.
    func written(_ visits: [KeyDigest: UserVisit]) {
        rows.update(visits.keys) { key, stored in visits[key].map(stored.recording) ?? stored }
    }

    /// A notice from another instance (``announce(_:on:)``); one that cannot be read drops everything.
    func heard(_ notice: String) {
        let parts = notice.split(separator: " ")
        guard let sender = parts.first, sender != instance else { return }
        let users = parts.dropFirst().compactMap { [UInt8](lowercaseHex: $0).map { KeyDigest(bytes: Data($0)) } }
        guard users.count == parts.count - 1 else {
            setLearnsOfChanges(true)
            return
        }
        committed(users)
    }

    /// Whether changes made elsewhere reach this instance from now on (``UserCache/setLearnsOfChanges(_:)``).
    func setLearnsOfChanges(_ value: Bool) {
        rows.setLearnsOfChanges(value)
        values.setLearnsOfChanges(value)
        history.setLearnsOfChanges(value)
    }
}
