import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Where an inbox message came from.
enum InboxSource: String, Sendable, Codable {
    /// `POST /api/v1/apps/:appID/inbox/messages`.
    case api
    /// A campaign whose channel includes the inbox, delivered to each identified user in its
    /// audience at that user's first sync while it runs.
    case campaign
}

/// A message to store for a list of users.
struct InboxDelivery: Sendable {
    var content: InboxContent
    var userIDs: [String]
    /// `nil` delivers now.
    var deliverAt: Date?
    /// `nil` keeps the message until it is deleted.
    var expiresAt: Date?
    var source: InboxSource

    static let maxRecipients = 10_000

    func validationIssues(now: Date) -> [ValidationIssue] {
        var issues = content.validationIssues(prefix: "message")
        func check(_ ok: Bool, _ field: String, _ message: String) {
            if !ok { issues.append(ValidationIssue(field: field, message: message)) }
        }
        check((1...Self.maxRecipients).contains(userIDs.count), "userIDs", "must list 1 to \(Self.maxRecipients) user IDs")
        check(!userIDs.contains { IdentifierLimits.userIDProblem($0) != nil }, "userIDs",
              "must not contain empty IDs or IDs longer than \(IdentifierLimits.userID) bytes of UTF-8")
        if let expiresAt {
            check(expiresAt > (deliverAt ?? now), "expiresAt", "must be after the delivery time")
            check(expiresAt > now, "expiresAt", "must be in the future")
        }
        return issues
    }
}

extension InboxStore {
    /// Stores a message in the inbox of every listed user; returns the new message's id.
    /// Repeated user IDs get one copy.
    func send(_ delivery: InboxDelivery, appID: UUID) async throws -> UUID {
        let now = clock.now()
        let issues = delivery.validationIssues(now: now)
        guard issues.isEmpty else { throw InboxStoreError.invalid(issues) }
        let content = String(decoding: try MarqueeJSON.encoder().encode(delivery.content), as: UTF8.self)
        let deliverAt = (delivery.deliverAt ?? now).inboxMillis
        let expiresAt = delivery.expiresAt?.inboxMillis
        var seen = Set<String>()
        let users = delivery.userIDs.filter { seen.insert($0).inserted }
        let nowMillis = now.inboxMillis
        return try await database.writeTransaction { db in
            let seq = try await Self.nextSequence(of: appID, on: db)
            let sql = try Self.sql(db)
            let messageID = try await InboxCopyKey.newMessageID(on: sql)
            let messageKey = InboxCopyKey.message(messageID)
            try await sql.raw("""
                INSERT INTO \(ident: InboxSchema.messages) (id, copy_key, app_id, content, source, deliver_at, expires_at, created_at)
                VALUES (\(bind: messageID), \(bind: messageKey), \(bind: appID), \(bind: content), \(bind: delivery.source.rawValue),
                        \(bind: deliverAt), \(bind: expiresAt), \(bind: nowMillis))
                """).run()
            // Several rows per statement; 8 values a row stays far below every database's bind limit.
            for chunk in stride(from: 0, to: users.count, by: 500).map({ users[$0..<min($0 + 500, users.count)] }) {
                var insert = sql.insert(into: InboxSchema.entries)
                    .columns("message_key", "user_key", "deliver_at", "expires_at", "is_read", "is_deleted", "deleted_at", "change_seq")
                for user in chunk {
                    insert = insert.values(SQLBind(messageKey), SQLBind(InboxCopyKey.user(user, in: appID).stored), SQLBind(deliverAt),
                                           SQLBind(expiresAt), SQLBind(false), SQLBind(false), SQLBind(Int64?.none),
                                           SQLBind(seq))
                }
                try await insert.run()
            }
            return messageID
        }
    }
}
