import Fluent
import Foundation
import SQLKit

/// One reported interaction with a displayed campaign.
final class ImpressionRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "impressions"

    @ID(key: .id) var id: UUID?
    @Field(key: "app_id") var appID: UUID
    @Field(key: "campaign_id") var campaignID: UUID
    @Field(key: "batch_id") var batchID: UUID
    @Field(key: "type") var type: Int
    @Field(key: "occurred_at") var occurredAt: Int64
    @Field(key: "user_key") var userKey: String
    @OptionalField(key: "device_id") var deviceID: String?
    @Field(key: "is_test") var isTest: Bool
    /// The experiment arm it was counted in; `nil` or empty without an experiment.
    @OptionalField(key: "variant") var variant: String?

    init() {}
}

/// A received impression batch, keyed so that a retried batch is stored once.
final class ImpressionBatchRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request.
    static let schema = "impression_batches"

    @ID(key: .id) var id: UUID?
    @Field(key: "app_id") var appID: UUID
    @Field(key: "batch_key") var batchKey: String
    /// When the server stored the batch, on the server's clock: retention counts from it, not from
    /// the time a device claims.
    @OptionalField(key: "received_at") var receivedAt: Date?

    init() {}
}
