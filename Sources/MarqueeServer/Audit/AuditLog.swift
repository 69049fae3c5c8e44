import Fluent
import Foundation

/// Writes and reads the audit log: one event per state-changing admin request that succeeded.
struct AuditLog: Sendable {
    let database: any Database
    let clock: any ServerClock

    /// What one event says.
    struct Entry: Sendable {
        var actor: AuditActor
        var method: String
        var route: String
        var path: String
        var status: Int
        var appID: UUID?
        var address: String?
    }

    func record(_ entry: Entry) async throws {
        let record = AuditEventRecord()
        record.id = UUID()
        record.occurredAt = clock.now()
        record.actorKind = entry.actor.kind
        record.actor = entry.actor.name
        record.actorRole = entry.actor.role?.rawValue
        record.method = entry.method
        record.route = entry.route
        record.path = entry.path
        record.status = entry.status
        record.appID = entry.appID
        record.address = entry.address
        try await record.create(on: database)
    }

    /// The newest events first, at most `limit`, older than `before` when given.
    func events(limit: Int, before: Date?) async throws -> [AuditEventRecord] {
        var query = AuditEventRecord.query(on: database)
        if let before { query = query.filter(\.$occurredAt < before) }
        return try await query.sort(\.$occurredAt, .descending).sort(\.$id, .descending).limit(limit).all()
    }
}
