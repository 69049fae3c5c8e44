import MarqueeModel
import Vapor

/// `GET /api/v1/audit`: the audit log, newest first (administrators only, by ``Principal/permits(_:in:)``).
///
/// The log stays with administrators: it names every account and the addresses they work from,
/// and holds every app's settings as they changed. Editors see campaigns as they are now.
struct AuditController {
    static let defaultLimit = 100
    static let maxLimit = 500

    struct EventResource: JSONResource {
        var id: String
        var occurredAt: Date
        var actor: Actor
        var method: String
        var route: String
        var path: String
        var status: Int
        var appID: String?
        var campaignID: String?
        var address: String?
        /// The app or campaign the request changed.
        var subject: Subject?
        /// The subject as the admin API showed it before the change (absent for a create).
        var before: JSONValue?
        /// The subject as the admin API showed it after the change (absent for a delete).
        var after: JSONValue?

        struct Actor: Encodable {
            var kind: String
            var name: String?
            var role: String?
        }

        struct Subject: Encodable {
            var kind: String
            var id: String
            /// Its name after the change, or before a delete.
            var name: String?
        }

        init(_ record: AuditEventRecord) throws {
            id = try record.requireID().canonical
            occurredAt = record.occurredAt
            actor = Actor(kind: record.actorKind, name: record.actor, role: record.actorRole)
            method = record.method
            route = record.route
            path = record.path
            status = record.status
            appID = record.appID?.canonical
            campaignID = record.campaignID?.canonical
            address = record.address
            before = try record.before.map { try Self.json($0, record) }
            after = try record.after.map { try Self.json($0, record) }
            if let kind = record.subjectKind, let subjectID = record.subjectID {
                let name = (after ?? before)?.objectValue?["name"]
                if case .string(let text)? = name {
                    subject = Subject(kind: kind, id: subjectID.canonical, name: text)
                } else {
                    subject = Subject(kind: kind, id: subjectID.canonical, name: nil)
                }
            }
        }

        private static func json(_ text: String, _ record: AuditEventRecord) throws -> JSONValue {
            do {
                return try MarqueeJSON.decoder().decode(JSONValue.self, from: Data(text.utf8))
            } catch {
                throw StoredDataError(what: "audit event \(record.id?.uuidString ?? "?")", underlying: "\(error)")
            }
        }
    }

    /// `?limit=` (1 to 500, default 100) and `?before=` (an ISO 8601 time: the `occurredAt` of the
    /// last event of the previous page) page through the log; `?appID=` keeps the events of one app
    /// (its campaigns' included), `?campaignID=` those that changed one campaign.
    @Sendable func list(req: Request) async throws -> ListResource<EventResource> {
        var query = AuditLog.Query(limit: Self.defaultLimit)
        if let text = req.query[String.self, at: "limit"] {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else {
                throw APIError(.badRequest, code: .invalidQuery, "limit must be a number from 1 to \(Self.maxLimit)")
            }
            query.limit = value
        }
        if let text = req.query[String.self, at: "before"] {
            guard let date = MarqueeJSON.parseDate(text) else {
                throw APIError(.badRequest, code: .invalidQuery, "before must be an ISO 8601 time such as 2026-01-31T12:00:00Z")
            }
            query.before = date
        }
        query.appID = try Self.id(req, "appID")
        query.campaignID = try Self.id(req, "campaignID")
        let events = try await req.auditLog.events(query)
        return ListResource(items: try events.map(EventResource.init))
    }

    private static func id(_ req: Request, _ name: String) throws -> UUID? {
        guard let text = req.query[String.self, at: name] else { return nil }
        guard let id = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: .invalidQuery, "\(name) must be a UUID")
        }
        return id
    }
}
