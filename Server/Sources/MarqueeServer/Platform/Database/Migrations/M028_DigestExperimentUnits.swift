import Fluent
import Foundation
import SQLKit

/// Reach and conversions are keyed by their unit's digest (``KeyDigest``) instead of its text,
/// and no longer copy the identity key: a row costs the same whatever the user's identifiers.
/// Both tables are rebuilt (SQLite cannot drop a column its unique key holds), their rows
/// copied a page at a time.
struct M028_DigestExperimentUnits: AsyncMigration {
    private static let page = 1_000

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await rebuild(CampaignReach.schema, index: "campaign_reach_received", on: database, sql) {
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
        } copy: { (row: ReachRow) in
            [.uuid(row.app_id), .uuid(row.campaign_id), KeyDigest(row.unit_key).stored, .text(row.variant), .integer(Int(row.first_at)),
             .date(row.received_at), .bool(row.is_test)]
        }
        try await rebuild(Conversions.schema, index: "conversions_received", on: database, sql) {
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
        } copy: { (row: ConversionRow) in
            [.uuid(row.id), .uuid(row.app_id), .uuid(row.campaign_id), KeyDigest(row.unit_key).stored, .text(row.variant),
             .integer(Int(row.exposed_at)), .integer(Int(row.converted_at)), .date(row.received_at), .bool(row.is_test)]
        }
    }

    private protocol KeyedRow: Decodable {
        static var columns: [String] { get }
        var campaign_id: UUID { get }
        var unit_key: String { get }
    }

    private struct ReachRow: KeyedRow {
        static let columns = ["app_id", "campaign_id", "unit_digest", "variant", "first_at", "received_at", "is_test"]
        var app_id: UUID
        var campaign_id: UUID
        var unit_key: String
        var variant: String
        var first_at: Int64
        var received_at: Date
        var is_test: Bool
    }

    private struct ConversionRow: KeyedRow {
        static let columns = ["id", "app_id", "campaign_id", "unit_digest", "variant", "exposed_at", "converted_at", "received_at", "is_test"]
        var id: UUID
        var app_id: UUID
        var campaign_id: UUID
        var unit_key: String
        var variant: String
        var exposed_at: Int64
        var converted_at: Int64
        var received_at: Date
        var is_test: Bool
    }

    /// Renames `table` aside, creates it anew, copies its rows in pages of ``page`` (in the
    /// order of its unique key), and drops the old one.
    private func rebuild<Row: KeyedRow>(_ table: String, index: String, on database: any Database, _ sql: any SQLDatabase,
                                        create: () async throws -> Void,
                                        copy: (Row) -> [StoredValue]) async throws {
        let old = table + "_keyed"
        try await sql.raw("ALTER TABLE \(ident: table) RENAME TO \(ident: old)").run()
        try await sql.drop(index: index).run()
        try await create()
        try await sql.create(index: index).on(table).column("received_at").run()
        let insert = RowInsert(table: table, columns: Row.columns)
        var after: Row?
        while true {
            let from: SQLQueryString = after.map { "WHERE (campaign_id, unit_key) > (\(bind: $0.campaign_id), \(bind: $0.unit_key))" } ?? ""
            let rows = try await sql.raw("""
                SELECT * FROM \(ident: old) \(from) ORDER BY campaign_id, unit_key LIMIT \(literal: Self.page)
                """).all(decoding: Row.self)
            try await sql.run(insert, rows: rows.map(copy))
            guard rows.count == Self.page else { break }
            after = rows.last
        }
        try await sql.drop(table: old).run()
    }

    func revert(on database: any Database) async throws {
        throw StoreError.irreversibleMigration(name)
    }
}
