import Foundation
import MarqueeModel
import Vapor

/// `/api/v1/apps/:appID/webhooks`: endpoints the app's event log is delivered to (administrators
/// and the app's secret only: each sends users' data to a URL of its own), and their delivery log.
struct WebhooksController {
    /// An endpoint as the admin API returns it; its secret only when it is made or rotated.
    struct WebhookResource: JSONResource {
        var id: String
        var url: String
        /// Empty: every type.
        var types: [String]
        var status: WebhookEndpoint.Status
        var createdAt: Date
        /// Since when every attempt has failed, while they do.
        var failingSince: Date?
        var secret: String?

        init(_ endpoint: WebhookEndpoint, secret: String? = nil) {
            id = endpoint.id.canonical
            url = endpoint.url
            types = endpoint.types.map(\.rawValue).sorted()
            status = endpoint.status
            createdAt = Date(millis: endpoint.createdAt)
            failingSince = endpoint.failingSince.map(Date.init(millis:))
            self.secret = secret
        }
    }

    struct SecretResource: JSONResource {
        var secret: String
    }

    struct DeliveryResource: JSONResource {
        var id: String
        var createdAt: Date
        var events: Int
        var state: String
        var deliveredAt: Date?
        /// When it is tried again, while it waits.
        var nextAttemptAt: Date?
        var attempts: [AttemptResource]

        struct AttemptResource: Encodable {
            var at: Date
            var status: Int?
            var latencyMs: Int
            var error: String?
        }

        init(_ logged: WebhookStore.LoggedDelivery) {
            let delivery = logged.delivery
            id = delivery.id.canonical
            createdAt = Date(millis: delivery.createdAt)
            events = delivery.events
            state = delivery.state.rawValue
            deliveredAt = delivery.deliveredAt.map(Date.init(millis:))
            nextAttemptAt = delivery.state == .waiting ? Date(millis: delivery.nextAttemptAt) : nil
            attempts = logged.attempts.map { AttemptResource(at: Date(millis: $0.at), status: $0.status, latencyMs: $0.latencyMilliseconds,
                                                             error: $0.error) }
        }
    }

    private struct CreateInput: Decodable {
        var url: String
        var types: [String]?
    }

    private struct UpdateInput: Decodable {
        var status: WebhookEndpoint.Status
    }

    @Sendable func create(req: Request) async throws -> Response {
        let input = try req.decodeJSON(CreateInput.self)
        let types = try (input.types ?? []).map { name in
            guard let type = EventType(rawValue: name) else {
                throw APIError.validation([ValidationIssue(field: "types", message: "'\(name.prefix(64))' is not an event type")])
            }
            return type
        }
        let url = try await checked(input.url, req)
        let (endpoint, secret) = try await req.webhooks.create(appID: try req.authorizedAppID, url: url.absoluteString, types: Set(types))
        return try Response.json(WebhookResource(endpoint, secret: secret), status: .created)
    }

    @Sendable func list(req: Request) async throws -> ListResource<WebhookResource> {
        ListResource(items: try await req.webhooks.list(appID: try req.authorizedAppID).map { WebhookResource($0) })
    }

    @Sendable func read(req: Request) async throws -> WebhookResource {
        WebhookResource(try await req.webhooks.endpoint(try req.webhookIDParameter, appID: try req.authorizedAppID))
    }

    /// `{"status": "paused"}` pauses deliveries; `"active"` resumes them, also after the server disabled them.
    @Sendable func update(req: Request) async throws -> WebhookResource {
        let input = try req.decodeJSON(UpdateInput.self)
        guard input.status != .disabled else {
            throw APIError.validation([ValidationIssue(field: "status", message: "status must be active or paused")])
        }
        return WebhookResource(try await req.webhooks.setStatus(input.status, of: try req.webhookIDParameter, appID: try req.authorizedAppID))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.webhooks.delete(try req.webhookIDParameter, appID: try req.authorizedAppID)
        return .noContent
    }

    @Sendable func rotateSecret(req: Request) async throws -> SecretResource {
        SecretResource(secret: try await req.webhooks.rotateSecret(of: try req.webhookIDParameter, appID: try req.authorizedAppID))
    }

    /// The latest 50 deliveries, newest first, each with its attempts.
    @Sendable func deliveries(req: Request) async throws -> ListResource<DeliveryResource> {
        let log = try await req.webhooks.log(of: try req.webhookIDParameter, appID: try req.authorizedAppID, limit: 50)
        return ListResource(items: log.map(DeliveryResource.init))
    }

    /// Queues a delivery's events again, as the log holds them now, behind those waiting.
    @Sendable func redeliver(req: Request) async throws -> Response {
        guard let text = req.parameters.get("deliveryID"), let deliveryID = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: .invalidId, "the delivery id must be a UUID")
        }
        let copy = try await req.webhooks.redeliver(deliveryID, of: try req.webhookIDParameter, appID: try req.authorizedAppID)
        return try Response.json(DeliveryResource(WebhookStore.LoggedDelivery(delivery: copy, attempts: [])), status: .accepted)
    }

    private func checked(_ text: String, _ req: Request) async throws -> URL {
        do {
            return try await req.marquee.webhooks.policy.target(for: try WebhookURLPolicy.parse(text)).url
        } catch let refusal as WebhookURLPolicy.Refusal {
            throw APIError.validation([ValidationIssue(field: "url", message: refusal.description)])
        }
    }
}

extension Request {
    /// Webhook endpoints and deliveries, on this request's database.
    var webhooks: WebhookStore { WebhookStore(database: db, clock: marquee.clock) }

    var webhookIDParameter: UUID {
        get throws {
            guard let text = parameters.get("webhookID"), let id = UUID(uuidString: text) else {
                throw APIError(.badRequest, code: .invalidId, "the webhook id must be a UUID")
            }
            return id
        }
    }
}
