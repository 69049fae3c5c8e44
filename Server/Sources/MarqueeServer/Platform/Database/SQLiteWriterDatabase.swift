import Foundation
import NIOCore
import SQLiteKit

/// The SQL database ``SQLiteWriterConnection`` hands its transactions: SQLKit's, plus rows
/// inserted straight through SQLiteNIO (``NativeRowInserting``).
///
/// A group commit binds thousands of values. Through SQLKit each one is serialized as an
/// expression and encoded through `Encodable` (a UUID through `snprintf`), which took more of
/// the writer's thread than SQLite itself. Here the statement text is built once per insert and
/// each value converts straight to `SQLiteData`, as SQLiteKit's encoder would convert it.
struct SQLiteWriterDatabase: NativeRowInserting {
    let connection: SQLiteConnection
    private let sql: any SQLDatabase

    init(connection: SQLiteConnection) {
        self.connection = connection
        self.sql = connection.sql()
    }

    var logger: Logger { sql.logger }
    var eventLoop: any EventLoop { sql.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { sql.version }
    var dialect: any SQLDialect { sql.dialect }
    var queryLogLevel: Logger.Level? { sql.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        sql.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        try await sql.execute(sql: query, onRow)
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    func insertNatively(_ insert: RowInsert, rows: ArraySlice<[StoredValue]>) async throws -> [any SQLRow] {
        let statement = insert.statement(rows: rows.count)
        var binds: [SQLiteData] = []
        binds.reserveCapacity(rows.count * insert.columns.count)
        for row in rows {
            for value in row { binds.append(value.storedData) }
        }
        return try await connection.query(statement, binds).map { $0.sql() }
    }
}

extension StoredValue: SQLiteDataConvertible {
    /// Stored values are written, never read back as such.
    init?(sqliteData: SQLiteData) { nil }

    /// What SQLiteKit's encoder makes of the value: UUIDs as their upper-case text, dates as
    /// seconds since 1970, booleans as 0 or 1, bytes as a blob.
    var sqliteData: SQLiteData? { storedData }

    fileprivate var storedData: SQLiteData {
        switch self {
        case .uuid(let value): .text(value.uppercaseText)
        case .text(let value): value.map { .text($0) } ?? .null
        case .integer(let value): value.map { .integer($0) } ?? .null
        case .bool(let value): .integer(value ? 1 : 0)
        case .date(let value): .float(value.timeIntervalSince1970)
        case .bytes(let value): value.map { .blob(ByteBuffer(data: $0)) } ?? .null
        }
    }
}
