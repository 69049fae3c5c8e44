import Fluent
import Foundation
import SQLKit

/// A row of a table being rebuilt: its unique key, in the order the copy pages through it.
protocol RebuiltRow: Decodable, Sendable {
    /// The key's columns, the order rows are read in.
    static var keyColumns: [String] { get }
    /// The columns of the new table that ``TableRebuild/copy(_:columns:transform:on:)`` fills.
    static var newColumns: [String] { get }
    /// This row's values of ``keyColumns``.
    var keyValues: [any Encodable & Sendable] { get }
}

/// Rebuilds a table whose key changes (SQLite cannot drop a column a unique key holds): the old
/// table is renamed aside and its named indexes dropped, the new one created, the rows copied
/// a page at a time in key order, each changed by Swift code, and the old table dropped.
struct TableRebuild {
    let table: String
    /// Indexes of the old table created by name, which the new table creates again.
    let indexes: [String]
    private static let page = 1_000

    var old: String { table + "_before" }

    /// Moves the old table aside and runs `create`, which makes the new one with its indexes.
    func replace(on sql: any SQLDatabase, create: () async throws -> Void) async throws {
        try await sql.raw("ALTER TABLE \(ident: table) RENAME TO \(ident: old)").run()
        for index in indexes { try await sql.drop(index: index).run() }
        try await create()
    }

    /// Copies `columns` of every row of the old table into the new one in one statement, then
    /// drops the old table.
    func copy(columns: [String], on sql: any SQLDatabase) async throws {
        let list = SQLQueryString(columns.joined(separator: ", "))
        try await sql.raw("INSERT INTO \(ident: table) (\(list)) SELECT \(list) FROM \(ident: old)").run()
        try await sql.drop(table: old).run()
    }

    /// Copies every row of the old table into the new one through `transform`, then drops the old table.
    func copy<Row: RebuiltRow>(_ row: Row.Type, transform: (Row) -> [StoredValue], on sql: any SQLDatabase) async throws {
        let insert = RowInsert(table: table, columns: Row.newColumns)
        let key = SQLQueryString(Row.keyColumns.joined(separator: ", "))
        var after: Row?
        while true {
            let from: SQLQueryString = after.map { "WHERE (\(key)) > (\(binds: $0.keyValues))" } ?? ""
            let rows = try await sql.raw("""
                SELECT * FROM \(ident: old) \(from) ORDER BY \(key) LIMIT \(literal: Self.page)
                """).all(decoding: Row.self)
            try await sql.run(insert, rows: rows.map(transform))
            guard rows.count == Self.page else { break }
            after = rows.last
        }
        try await sql.drop(table: old).run()
    }

    private struct User: Decodable {
        var app_id: UUID
        var user_id: String
    }

    /// Sets each row's `user_digest` (a column added for it) from its `user_id`, a page of
    /// users at a time.
    static func fillUserDigests(of table: String, on sql: any SQLDatabase) async throws {
        var after: User?
        while true {
            let from: SQLQueryString = after.map { "WHERE (app_id, user_id) > (\(bind: $0.app_id), \(bind: $0.user_id))" } ?? ""
            let users = try await sql.raw("""
                SELECT DISTINCT app_id, user_id FROM \(ident: table) \(from) ORDER BY app_id, user_id LIMIT \(literal: page)
                """).all(decoding: User.self)
            for user in users {
                try await sql.update(table).set("user_digest", to: SQLBind(KeyDigest(user.user_id).stored))
                    .where("app_id", .equal, user.app_id).where("user_id", .equal, user.user_id).run()
            }
            guard users.count == page else { return }
            after = users.last
        }
    }
}
