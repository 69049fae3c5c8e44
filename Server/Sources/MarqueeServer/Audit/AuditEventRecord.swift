import Fluent
import Foundation

/// One state-changing admin request that succeeded: who sent it, what it changed, when.
/// Bodies are never kept: they may hold passwords and secrets. A request that changed an app or a
/// campaign also keeps that subject before and after, as the admin API shows it (no secrets).
final class AuditEventRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "audit_events"

    @ID(key: .id) var id: UUID?
    @Field(key: "occurred_at") var occurredAt: Date
    /// `admin-token`, `app`, or `account`.
    @Field(key: "actor_kind") var actorKind: String
    /// The account's email, the app's id, or nil for the admin token.
    @OptionalField(key: "actor") var actor: String?
    /// The account's role when the actor is an account.
    @OptionalField(key: "actor_role") var actorRole: String?
    @Field(key: "method") var method: String
    /// The route as registered (`/api/v1/apps/:appID/campaigns`), for grouping.
    @Field(key: "route") var route: String
    /// The path as requested, with its ids.
    @Field(key: "path") var path: String
    @Field(key: "status") var status: Int
    /// The app the request concerned, when its path names one.
    @OptionalField(key: "app_id") var appID: UUID?
    @OptionalField(key: "address") var address: String?
    /// ``CatalogChange/Subject`` by raw value: `app` or `campaign`.
    @OptionalField(key: "subject_kind") var subjectKind: String?
    @OptionalField(key: "subject_id") var subjectID: UUID?
    /// The campaign the change concerned, when it did.
    @OptionalField(key: "campaign_id") var campaignID: UUID?
    /// The subject as JSON before the change (none for a create).
    @OptionalField(key: "before_state") var before: String?
    /// The subject as JSON after the change (none for a delete).
    @OptionalField(key: "after_state") var after: String?

    init() {}
}
