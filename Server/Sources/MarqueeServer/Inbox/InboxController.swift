import Foundation
import MarqueeModel
import Vapor

/// `/api/v1/apps/:appID/inbox/messages`: send App Inbox messages to listed users, list them with
/// what recipients did, and delete them; behind ``AppAuthorizationMiddleware``. Writes go through
/// ``InboxStore``.
struct InboxController {
    /// The body of `POST …/inbox/messages`.
    struct SendInput: Decodable {
        var userIDs: [String]
        var message: InboxContent
        /// Default: now.
        var deliverAt: Date?
        /// Default: never (until deleted). Use either this or `ttlSeconds`.
        var expiresAt: Date?
        /// Keeps the message this many seconds after delivery ("store this notification for 30 days").
        var ttlSeconds: Int?
    }

    /// A message as the admin API returns it.
    struct MessageResource: JSONResource {
        var id: String
        var message: InboxContent
        /// `api` or `campaign`.
        var source: String
        /// The campaign it came from, for `campaign` messages.
        var campaignID: String?
        var deliverAt: Date
        var expiresAt: Date?
        var createdAt: Date
        var stats: Stats

        struct Stats: Codable {
            /// Users it was delivered to.
            var recipients: Int
            /// Recipients for whom it is marked read now.
            var read: Int
            /// Opens tracked, every device counted.
            var opened: Int
            /// Recipients who opened it at least once.
            var uniqueReaders: Int
            var clicked: Int
            /// Clicks on each of its actions, the main action first, then the buttons in order.
            var clicksByAction: [ActionClicks]
        }

        /// The clicks tracked on one action (counted by the action's URL, as devices report it).
        struct ActionClicks: Codable {
            /// `main`, or `button1` to `button4`.
            var action: String
            var title: String?
            var type: InboxActionType
            var url: String?
            var clicks: Int
        }

        init(_ summary: InboxMessageSummary) throws {
            id = summary.id.canonical
            do {
                message = try MarqueeJSON.decoder().decode(InboxContent.self, from: Data(summary.content.utf8))
            } catch {
                throw StoredDataError(what: "inbox message \(summary.id)", underlying: "\(error)")
            }
            source = summary.source
            campaignID = summary.campaign_id?.canonical
            deliverAt = Date(inboxMillis: summary.deliver_at)
            expiresAt = summary.expires_at.map(Date.init(inboxMillis:))
            createdAt = Date(inboxMillis: summary.created_at)
            var actions: [(name: String, title: String?, action: InboxAction)] = []
            if let main = message.mainAction { actions.append(("main", nil, main)) }
            for (index, button) in message.buttons.enumerated() { actions.append(("button\(index + 1)", button.title, button.action)) }
            stats = Stats(recipients: summary.recipients, read: summary.read_count, opened: summary.opened,
                          uniqueReaders: summary.unique_readers, clicked: summary.clicked,
                          clicksByAction: actions.map { entry in
                              ActionClicks(action: entry.name, title: entry.title, type: entry.action.type, url: entry.action.url,
                                           clicks: summary.clicksByURL[entry.action.url ?? ""] ?? 0)
                          })
        }
    }

    static let maxTTL = 366 * 86_400

    @Sendable func send(req: Request) async throws -> Response {
        let input = try req.decodeJSON(SendInput.self)
        let appID = try req.authorizedAppID
        let store = req.inboxStore
        var expiresAt = input.expiresAt
        if let ttl = input.ttlSeconds {
            guard input.expiresAt == nil else {
                throw APIError.validation([.init(field: "ttlSeconds", message: "cannot be combined with expiresAt")])
            }
            guard (1...Self.maxTTL).contains(ttl) else {
                throw APIError.validation([.init(field: "ttlSeconds", message: "must be between 1 and \(Self.maxTTL)")])
            }
            expiresAt = (input.deliverAt ?? req.marquee.clock.now()).addingTimeInterval(TimeInterval(ttl))
        }
        let delivery = InboxDelivery(content: input.message, userIDs: input.userIDs, deliverAt: input.deliverAt,
                                     expiresAt: expiresAt, source: .api)
        let id = try await store.send(delivery, appID: appID)
        guard let summary = try await store.list(appID: appID, userID: nil, messageID: id, limit: 1, offset: 0).first else {
            throw APIError.notFound("inbox message")
        }
        return try Response.json(MessageResource(summary), status: .created)
    }

    @Sendable func list(req: Request) async throws -> ListResource<MessageResource> {
        let limit = try req.integerQuery("limit") ?? 50
        let offset = try req.integerQuery("offset") ?? 0
        guard (1...InboxStore.maxListLimit).contains(limit), offset >= 0, offset <= 1_000_000 else {
            throw APIError(.badRequest, code: .invalidQuery,
                           "limit must be between 1 and \(InboxStore.maxListLimit), offset between 0 and 1000000")
        }
        let userID = req.query[String.self, at: "userID"].flatMap { $0.isEmpty ? nil : $0 }
        let summaries = try await req.inboxStore.list(appID: try req.authorizedAppID, userID: userID, limit: limit, offset: offset)
        return ListResource(items: try summaries.map(MessageResource.init))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        guard let text = req.parameters.get("messageID"), let messageID = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: .invalidId, "the message id must be a UUID")
        }
        try await req.inboxStore.delete(messageID: messageID, appID: try req.authorizedAppID)
        return .noContent
    }
}

extension Request {
    /// The store that performs this request's inbox writes.
    var inboxStore: InboxStore {
        InboxStore(database: db, clock: marquee.clock, tracking: marquee.inboxTracking)
    }
}
