import Fluent
import SQLKit

/// Impressions by batch. Retention deletes impressions by batch and then the batches, whose
/// `ON DELETE CASCADE` looks for each batch's impressions: without this index both read every
/// impression, once per deleted batch (41 s for a step of 500 batches over 560,000 impressions on
/// SQLite, against 7 ms with it), while holding the write lock.
struct M019_IndexImpressionBatches: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "impressions_batch").on("impressions").column("batch_id").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.drop(index: "impressions_batch").run()
    }
}
