import Fluent
import Foundation

/// Starts, resolves and ends dashboard sessions, with times from the server clock.
struct SessionStore: Sendable {
    let database: any Database
    let clock: any ServerClock

    /// A signed-in session as a request sees it.
    struct Active: Sendable {
        var sessionID: UUID
        var token: SessionToken
        var accountID: UUID
        var email: String
        var role: AccountRole
        /// When the session ends unless used again (never later than its absolute end).
        var expiresAt: Date
    }

    /// Why a presented cookie signs nobody in.
    enum Refusal: Error, Equatable {
        /// No session has this token (never issued, signed out, or swept).
        case unknown
        /// The session ran past its idle or absolute lifetime; it has been deleted.
        case expired
    }

    /// Starts a session for `account` and returns it with its token (for the cookie). Sessions
    /// that have ended are swept here, so the table holds live sessions and a few stale ones.
    func start(for account: AccountRecord) async throws -> Active {
        let now = clock.now()
        let token = SessionToken.generate()
        let record = SessionRecord()
        record.id = UUID()
        record.tokenHash = token.hash
        record.$account.id = try account.requireID()
        record.createdAt = now
        record.lastSeenAt = now
        record.expiresAt = now.addingTimeInterval(SessionPolicy.absoluteLifetime)
        try await database.writeTransaction { db in
            try await SessionRecord.query(on: db).filter(\.$expiresAt <= now).delete()
            try await SessionRecord.query(on: db)
                .filter(\.$lastSeenAt <= now.addingTimeInterval(-SessionPolicy.idleLifetime)).delete()
            try await record.create(on: db)
        }
        return Active(sessionID: try record.requireID(), token: token, accountID: try account.requireID(),
                      email: account.email, role: try account.accountRole, expiresAt: Self.end(of: record))
    }

    /// The live session `token` belongs to. An ended session is deleted and refused; a used one
    /// has its last use moved forward (at most once a ``SessionPolicy/touchInterval``). Throws
    /// ``Refusal`` for a cookie that signs nobody in; database failures propagate as they are.
    func resolve(_ token: SessionToken) async throws -> Active {
        guard let record = try await SessionRecord.query(on: database).filter(\.$tokenHash == token.hash)
            .with(\.$account).first() else { throw Refusal.unknown }
        let now = clock.now()
        guard now < Self.end(of: record) else {
            try await record.delete(on: database)
            throw Refusal.expired
        }
        if now.timeIntervalSince(record.lastSeenAt) >= SessionPolicy.touchInterval {
            record.lastSeenAt = now
            try await record.update(on: database)
        }
        return Active(sessionID: try record.requireID(), token: token, accountID: try record.account.requireID(),
                      email: record.account.email, role: try record.account.accountRole, expiresAt: Self.end(of: record))
    }

    /// Ends the session server-side: its cookie signs nobody in afterwards.
    func end(_ sessionID: UUID) async throws {
        try await SessionRecord.query(on: database).filter(\.$id == sessionID).delete()
    }

    /// The earlier of the idle end and the absolute end.
    static func end(of record: SessionRecord) -> Date {
        min(record.lastSeenAt.addingTimeInterval(SessionPolicy.idleLifetime), record.expiresAt)
    }
}
