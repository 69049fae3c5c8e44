import Foundation
import MarqueeModel
import MarqueeWire
import Testing
import Vapor

/// The inbox as tests drive it: admin sends, and SDK requests for one user.
extension TestServer {
    struct SentMessage: Decodable {
        struct Stats: Decodable {
            var recipients: Int
            var read: Int
            var opened: Int
            var uniqueReaders: Int
            var clicked: Int
            var clicksByAction: [ActionClicks]
        }

        struct ActionClicks: Decodable, Equatable {
            var action: String
            var clicks: Int
        }

        var id: String
        var source: String
        var campaignID: String?
        var stats: Stats
    }

    /// Sends an inbox message through the admin API and returns its id.
    @discardableResult
    func sendInbox(_ app: Fixtures.CreatedApp, to users: [String], title: String = "Hello",
                   message extraContent: [String: Any] = [:], extra: [String: Any] = [:]) async throws -> String {
        var content: [String: Any] = ["title": title, "body": "Body of \(title)"]
        for (key, value) in extraContent { content[key] = value }
        var body: [String: Any] = ["userIDs": users, "message": content]
        for (key, value) in extra { body[key] = value }
        let raw = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let response = try await send(.POST, "/api/v1/apps/\(app.id)/inbox/messages", raw: raw)
        guard response.status == .created else { throw TestFailure("send inbox: \(response.status) \(response.text)") }
        return try response.decode(SentMessage.self).id
    }

    func inboxMessages(_ app: Fixtures.CreatedApp, query: String = "") async throws -> [SentMessage] {
        let response = try await send(.GET, "/api/v1/apps/\(app.id)/inbox/messages\(query)")
        guard response.status == .ok else { throw TestFailure("list inbox: \(response.status) \(response.text)") }
        struct List: Decodable { var items: [SentMessage] }
        return try response.decode(List.self).items
    }

    /// `POST /v1/inbox/sync` as `user`; the raw response.
    func inboxSyncResponse(_ app: Fixtures.CreatedApp, user: String?, token: String? = nil, limit: Int? = nil,
                           signature: String? = nil) async throws -> TestResponse {
        let body = InboxSyncRequest(userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: user)),
                                    syncToken: token, limit: limit)
        return try await send(.POST, "/v1/inbox/sync", token: nil, subscription: app.subscriptionID, deviceID: "device-1",
                              headers: signature.map { [("Marquee-User-Signature", $0)] } ?? [], json: body)
    }

    /// A successful sync as `user`.
    func inboxSync(_ app: Fixtures.CreatedApp, user: String, token: String? = nil, limit: Int? = nil,
                   signature: String? = nil) async throws -> InboxSyncResponse {
        let response = try await inboxSyncResponse(app, user: user, token: token, limit: limit, signature: signature)
        guard response.status == .ok else { throw TestFailure("sync: \(response.status) \(response.text)") }
        return try response.decode(InboxSyncResponse.self)
    }

    /// `POST /v1/inbox/update` as `user`; returns how many messages changed.
    @discardableResult
    func inboxUpdate(_ app: Fixtures.CreatedApp, user: String, _ operation: InboxOperation, _ ids: [String] = []) async throws -> Int {
        let body = InboxUpdateRequest(userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: user)),
                                      operation: operation, messageIDs: ids)
        let response = try await send(.POST, "/v1/inbox/update", token: nil, subscription: app.subscriptionID, json: body)
        guard response.status == .ok else { throw TestFailure("update: \(response.status) \(response.text)") }
        return try response.decode(InboxUpdateResponse.self).changed
    }

    /// `POST /v1/inbox/track` as `user`; returns how many events were stored.
    func inboxTrack(_ app: Fixtures.CreatedApp, user: String, consent: InboxTrackingConsent,
                    _ events: [InboxTrackingEvent]) async throws -> Int {
        let body = InboxTrackRequest(userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: user)),
                                     consent: consent, events: events)
        let response = try await send(.POST, "/v1/inbox/track", token: nil, subscription: app.subscriptionID, json: body)
        guard response.status == .ok else { throw TestFailure("track: \(response.status) \(response.text)") }
        return try response.decode(InboxTrackResponse.self).stored
    }
}
