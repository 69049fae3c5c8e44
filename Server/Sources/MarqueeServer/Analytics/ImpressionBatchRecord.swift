import Fluent
import Foundation
import SQLKit

/// A received impression batch, keyed so that a retried batch is stored once. Its row also holds
/// the batch's campaign, user key, device, arm and events (``ImpressionEvents``), written by
/// ``ImpressionWriter`` and never read back: what retention and erasure act on.
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
