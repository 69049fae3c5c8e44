import Fluent
import Foundation

/// A dashboard sign-in. The browser holds the session token in a cookie; the database holds
/// only its SHA-256 hash, so a copied database signs nobody in.
final class SessionRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @Parent(key: "account_id") var account: AccountRecord
    @Field(key: "created_at") var createdAt: Date
    /// When the session was last used; it ends ``SessionPolicy/idleLifetime`` after that.
    @Field(key: "last_seen_at") var lastSeenAt: Date
    /// The end of the session however busy it is: ``SessionPolicy/absoluteLifetime`` after sign-in.
    @Field(key: "expires_at") var expiresAt: Date

    init() {}
}
