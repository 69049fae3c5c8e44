import Vapor

/// `GET /api/v1/audit`: the audit log, newest first (administrators only, by ``Principal/permits(_:in:)``).
struct AuditController: RouteCollection {
    static let defaultLimit = 100
    static let maxLimit = 500

    func boot(routes: any RoutesBuilder) throws {
        routes.get("audit", use: list)
    }

    struct EventResource: JSONResource {
        var id: String
        var occurredAt: Date
        var actor: Actor
        var method: String
        var route: String
        var path: String
        var status: Int
        var appID: String?
        var address: String?

        struct Actor: Encodable {
            var kind: String
            var name: String?
            var role: String?
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
            address = record.address
        }
    }

    /// `?limit=` (1 to 500, default 100) and `?before=` (an ISO 8601 time: the `occurredAt` of the
    /// last event of the previous page) page through the log.
    @Sendable func list(req: Request) async throws -> ListResource<EventResource> {
        var limit = Self.defaultLimit
        if let text = req.query[String.self, at: "limit"] {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else {
                throw APIError(.badRequest, code: "invalid_query", "limit must be a number from 1 to \(Self.maxLimit)")
            }
            limit = value
        }
        var before: Date?
        if let text = req.query[String.self, at: "before"] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text) else {
                throw APIError(.badRequest, code: "invalid_query", "before must be an ISO 8601 time such as 2026-01-31T12:00:00Z")
            }
            before = date
        }
        let events = try await req.auditLog.events(limit: limit, before: before)
        return ListResource(items: try events.map(EventResource.init))
    }
}
