import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Marquee
import MarqueeModel

extension LiveServer {
    struct InboxSend: Encodable {
        var userIDs: [String]
        var message: InboxContent
        var ttlSeconds: Int?
    }

    struct InboxStats: Decodable {
        var recipients: Int
        var read: Int
        var opened: Int
        var clicked: Int
    }

    struct SentMessage: Decodable {
        var id: String
        var message: InboxContent
        var stats: InboxStats
    }

    private struct SentList: Decodable {
        var items: [SentMessage]
    }

    /// Sends an inbox message through the admin API; returns its id.
    @discardableResult
    func sendInbox(_ app: CreatedApp, to users: [String], title: String, ttlSeconds: Int? = nil,
                   mainAction: InboxAction? = nil) async throws -> String {
        try await sendInbox(app, to: users, content: InboxContent(title: title, body: "Body of \(title)", mainAction: mainAction),
                            ttlSeconds: ttlSeconds)
    }

    /// Sends `content` to `users` through the admin API; returns the message's id.
    @discardableResult
    func sendInbox(_ app: CreatedApp, to users: [String], content: InboxContent, ttlSeconds: Int? = nil) async throws -> String {
        let body = InboxSend(userIDs: users, message: content, ttlSeconds: ttlSeconds)
        let data = try await admin("POST", "api/v1/apps/\(app.id)/inbox/messages", body: body)
        return try MarqueeJSON.decoder().decode(SentMessage.self, from: data).id
    }

    /// What recipients did with the message `id`, as the admin API reports it.
    func inboxStats(_ app: CreatedApp, id: String) async throws -> InboxStats {
        guard let message = try await inboxMessages(app).first(where: { $0.id == id }) else {
            throw TestServerError("no inbox message \(id)")
        }
        return message.stats
    }

    /// The app's inbox messages as the admin API lists them, newest first.
    func inboxMessages(_ app: CreatedApp) async throws -> [SentMessage] {
        let data = try await admin("GET", "api/v1/apps/\(app.id)/inbox/messages")
        return try MarqueeJSON.decoder().decode(SentList.self, from: data).items
    }

    /// Makes the app require signed user IDs; returns the identity secret its backend signs with.
    func requireIdentityVerification(_ app: CreatedApp) async throws -> String {
        struct Secret: Decodable { var identitySecret: String }
        let data = try await admin("POST", "api/v1/apps/\(app.id)/identity_secret")
        let secret = try MarqueeJSON.decoder().decode(Secret.self, from: data).identitySecret
        try await admin("PATCH", "api/v1/apps/\(app.id)", body: ["identityVerification": "required"])
        return secret
    }

    /// What an app's backend computes: lower-case hex HMAC-SHA256 of the user ID with the identity secret.
    static func sign(_ userID: String, with secret: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(userID.utf8), using: SymmetricKey(data: Data(secret.utf8)))
            .map { String(format: "%02x", $0) }.joined()
    }

    /// `POST /v1/inbox/sync` as a plain HTTP client; the status and `error.code`.
    func rawInboxSync(subscriptionID: String, body: String) async throws -> (status: Int, code: String?) {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/inbox/sync"))
        request.httpMethod = "POST"
        request.setValue(subscriptionID, forHTTPHeaderField: "Subscription-Id")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (json?["error"] as? [String: Any])?["code"] as? String)
    }
}

/// A user whose ID comes with a signature from the app's backend.
struct SignedTestUser: SignedUserInfoProvider {
    var userID: String?
    var userSignature: String?
    var idTrackingIdentifier: String? { nil }
    var accessToken: String? { nil }
}
