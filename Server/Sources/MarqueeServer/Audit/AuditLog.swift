import Fluent
import Foundation

/// Writes and reads the audit log: one event per state-changing admin request that succeeded,
/// carrying the before and after of the app or campaign it changed.
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
        /// The app or campaign the request changed, if any.
        var change: CatalogChange? = nil
    }

    /// Which events to read.
    struct Query: Sendable {
        var limit: Int
        /// Only events older than this.
        var before: Date?
        /// Only events concerning this app (its campaigns' included).
        var appID: UUID?
        /// Only events that changed this campaign.
        var campaignID: UUID?
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
        // Creating an app names it in no path: the change does.
        record.appID = entry.appID ?? entry.change?.appID
        record.address = entry.address
        if let change = entry.change {
            record.subjectKind = change.subject.rawValue
            record.subjectID = change.subjectID
            record.campaignID = change.campaignID
            record.before = change.before
            record.after = change.after
        }
        try await record.create(on: database)
    }

    /// The newest events first that match `query`.
    func events(_ query: Query) async throws -> [AuditEventRecord] {
        var events = AuditEventRecord.query(on: database)
        if let before = query.before { events = events.filter(\.$occurredAt < before) }
        if let appID = query.appID { events = events.filter(\.$appID == appID) }
        if let campaignID = query.campaignID { events = events.filter(\.$campaignID == campaignID) }
        return try await events.sort(\.$occurredAt, .descending).sort(\.$id, .descending).limit(query.limit).all()
    }
}
