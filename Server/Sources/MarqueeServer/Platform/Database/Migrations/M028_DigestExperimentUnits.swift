import Fluent
import Foundation
import SQLKit

/// Reach and conversions are keyed by their unit's digest (``KeyDigest``) instead of its text,
/// and no longer copy the identity key: a row costs the same whatever the user's identifiers.
/// Both tables are rebuilt (``TableRebuild``).
struct M028_DigestExperimentUnits: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        let reach = TableRebuild(table: CampaignReach.schema, indexes: ["campaign_reach_received"])
        try await reach.replace(on: sql) {
            try await database.schema(CampaignReach.schema)
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("campaign_id", .uuid, .required)
                .field("unit_digest", .data, .required)
                .field("variant", .string, .required)
                .field("first_at", .int64, .required)
                .field("received_at", .datetime, .required)
                .field("is_test", .bool, .required)
                .unique(on: "campaign_id", "unit_digest")
                .create()
            try await sql.create(index: "campaign_reach_received").on(CampaignReach.schema).column("received_at").run()
        }
        try await reach.copy(ReachRow.self, transform: { row in
            [.uuid(row.app_id), .uuid(row.campaign_id), KeyDigest(row.unit_key).stored, .text(row.variant), .integer(Int(row.first_at)),
             .date(row.received_at), .bool(row.is_test)]
        }, on: sql)

        let conversions = TableRebuild(table: Conversions.schema, indexes: ["conversions_received"])
        try await conversions.replace(on: sql) {
            try await database.schema(Conversions.schema)
                .id()
                .field("app_id", .uuid, .required, .references(AppRecord.schema, "id", onDelete: .cascade))
                .field("campaign_id", .uuid, .required)
                .field("unit_digest", .data, .required)
                .field("variant", .string, .required)
                .field("exposed_at", .int64, .required)
                .field("converted_at", .int64, .required)
                .field("received_at", .datetime, .required)
                .field("is_test", .bool, .required)
                .unique(on: "campaign_id", "unit_digest")
                .create()
            try await sql.create(index: "conversions_received").on(Conversions.schema).column("received_at").run()
        }
        try await conversions.copy(ConversionRow.self, transform: { row in
            [.uuid(row.id), .uuid(row.app_id), .uuid(row.campaign_id), KeyDigest(row.unit_key).stored, .text(row.variant),
             .integer(Int(row.exposed_at)), .integer(Int(row.converted_at)), .date(row.received_at), .bool(row.is_test)]
        }, on: sql)
    }

    private struct ReachRow: RebuiltRow {
        static let keyColumns = ["campaign_id", "unit_key"]
        static let newColumns = ["app_id", "campaign_id", "unit_digest", "variant", "first_at", "received_at", "is_test"]
        var app_id: UUID
        var campaign_id: UUID
        var unit_key: String
        var variant: String
        var first_at: Int64
        var received_at: Date
        var is_test: Bool
        var keyValues: [any Encodable & Sendable] { [campaign_id, unit_key] }
    }

    private struct ConversionRow: RebuiltRow {
        static let keyColumns = ["campaign_id", "unit_key"]
        static let newColumns = ["id", "app_id", "campaign_id", "unit_digest", "variant", "exposed_at", "converted_at", "received_at",
                                 "is_test"]
        var id: UUID
        var app_id: UUID
        var campaign_id: UUID
        var unit_key: String
        var variant: String
        var exposed_at: Int64
        var converted_at: Int64
        var received_at: Date
        var is_test: Bool
        var keyValues: [any Encodable & Sendable] { [campaign_id, unit_key] }
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
