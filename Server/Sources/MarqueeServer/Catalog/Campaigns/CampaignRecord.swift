import Fluent
import Foundation

/// A campaign row: indexed columns for lookups, the full campaign as JSON in `payload`.
final class CampaignRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "campaigns"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: AppRecord
    @Field(key: "name") var name: String
    @Field(key: "status") var status: String
    @Field(key: "payload") var payload: String
    /// The campaign's size in a ping (``CatalogBudget/bytes(of:)``).
    @OptionalField(key: "ping_bytes") var pingBytes: Int?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?
    /// Deleted campaigns are kept so display permission can answer `display: false` for them.
    @Timestamp(key: "deleted_at", on: .delete) var deletedAt: Date?

    init() {}
}
