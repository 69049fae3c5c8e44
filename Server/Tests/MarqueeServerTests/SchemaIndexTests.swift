import Foundation
@testable import MarqueeServer
import SQLKit
import Testing

/// Deleting a parent row makes the database look for its children through every foreign key
/// that points at it, once per deleted row. A key without an index turns that into a read of
/// the whole child table per row, which bulk deletes (retention, purges) cannot afford.
@Suite("Schema indexes")
struct SchemaIndexTests {
    private struct Name: Decodable { var name: String }
    private struct ForeignKey: Decodable { var table: String; var from: String }
    private struct IndexColumn: Decodable { var name: String? }

    /// Apps are deleted one at a time, by hand: reading each table once for it is fine.
    static let unindexedParents: Set<String> = [AppRecord.schema]

    @Test func everyForeignKeyOfRowsDeletedInBulkIsIndexed() async throws {
        try await TestServer.with(.sqlite) { server in
            let sql = try #require(server.app.db as? any SQLDatabase)
            let tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                .all(decoding: Name.self).map(\.name)
            var checked = 0
            for table in tables {
                var leadingColumns: Set<String> = []
                for index in try await sql.raw("SELECT name FROM pragma_index_list(\(bind: table))").all(decoding: Name.self) {
                    let columns = try await sql.raw("SELECT name FROM pragma_index_info(\(bind: index.name))").all(decoding: IndexColumn.self)
                    if let first = columns.first?.name { leadingColumns.insert(first) }
                }
                for key in try await sql.raw("SELECT \"table\", \"from\" FROM pragma_foreign_key_list(\(bind: table))")
                    .all(decoding: ForeignKey.self) where !Self.unindexedParents.contains(key.table) {
                    #expect(leadingColumns.contains(key.from), "\(table).\(key.from) → \(key.table) has no index")
                    checked += 1
                }
            }
            #expect(checked >= 2, "sessions → accounts, survey answers → responses")
        }
    }
}
