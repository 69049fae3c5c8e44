import Fluent
import Foundation

/// A profile import job's row: its state and report so far, kept so any instance can answer
/// for it.
final class ImportJobRecord: Model, @unchecked Sendable {
    // See AppRecord: instances are confined to one request or one job.
    static let schema = "import_jobs"

    @ID(key: .id) var id: UUID?
    @Field(key: "app_id") var appID: UUID
    @Field(key: "format") var format: String
    @Field(key: "status") var status: String
    @Field(key: "imported") var imported: Int
    @Field(key: "failed") var failed: Int
    /// The listed line errors, as JSON.
    @Field(key: "errors") var errors: String
    /// Why a failed job stopped.
    @OptionalField(key: "message") var message: String?
    @Field(key: "created_at") var createdAt: Int64
    /// Moves on every batch: a job that stops moving was interrupted.
    @Field(key: "updated_at") var updatedAt: Int64
    @OptionalField(key: "finished_at") var finishedAt: Int64?

    init() {}
}
