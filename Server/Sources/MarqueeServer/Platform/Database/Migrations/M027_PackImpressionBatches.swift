import Fluent
import Foundation
import MarqueeWire
import SQLKit

/// Raw impressions become one row per batch (``ImpressionEvents``): each batch row takes its
/// campaign, user key, device, arm and packed events, filled here from the `impressions` table,
/// which then goes. A batch costs one row whatever its identifiers, instead of one copy of them
/// per impression.
struct M027_PackImpressionBatches: AsyncMigration {
    private static let step = 500

    func prepare(on database: any Database) async throws {
        for (column, type) in [("campaign_id", DatabaseSchema.DataType.uuid), ("user_key", .string), ("device_id", .string),
                               ("is_test", .bool), ("variant", .string), ("events", .data)] {
            try await database.schema(ImpressionBatchRecord.schema)
                .field(.definition(name: .key(.init(stringLiteral: column)), dataType: type, constraints: [])).update()
        }
        guard let sql = database as? any SQLDatabase else { return }
        while try await packStep(on: sql) {}
        try await database.schema("impressions").delete()
    }

    private struct BatchID: Decodable { var id: UUID }

    private struct Impression: Decodable {
        var batch_id: UUID
        var campaign_id: UUID
        var user_key: String
        var device_id: String?
        var is_test: Bool
        var variant: String?
        var type: Int
        var occurred_at: Int64
    }

    /// Packs the impressions of up to ``step`` batches; whether there may be more.
    private func packStep(on sql: any SQLDatabase) async throws -> Bool {
        let batches = try await sql.raw("""
            SELECT id FROM impression_batches WHERE events IS NULL LIMIT \(literal: Self.step)
            """).all(decoding: BatchID.self).map(\.id)
        guard !batches.isEmpty else { return false }
        let impressions = try await sql.raw("""
            SELECT batch_id, campaign_id, user_key, device_id, is_test, variant, type, occurred_at FROM impressions
            WHERE batch_id IN (\(binds: batches)) ORDER BY occurred_at, id
            """).all(decoding: Impression.self)
        let byBatch = Dictionary(grouping: impressions, by: \.batch_id)
        for batch in batches {
            let rows = byBatch[batch] ?? []
            let events = ImpressionEvents(rows.compactMap { row in
                ImpressionTypeCode(rawValue: row.type).map { ImpressionEvents.Event(type: $0, page: nil, occurredAt: row.occurred_at) }
            })
            // A batch whose impressions an erasure removed keeps no user, as erasure now leaves it.
            let first = rows.first
            try await sql.update(ImpressionBatchRecord.schema)
                .set("campaign_id", to: first.map { SQLBind($0.campaign_id) as any SQLExpression } ?? SQLLiteral.null)
                .set("user_key", to: SQLBind(first?.user_key))
                .set("device_id", to: SQLBind(first?.device_id))
                .set("is_test", to: SQLBind(first?.is_test ?? false))
                .set("variant", to: SQLBind(first?.variant ?? ""))
                .set("events", to: SQLBind(events.packed))
                .where("id", .equal, batch)
                .run()
        }
        return batches.count == Self.step
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
