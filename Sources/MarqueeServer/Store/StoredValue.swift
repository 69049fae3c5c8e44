import Foundation
import SQLKit

/// A value of a row written by ``SQLKit/SQLDatabase/insertRows(into:columns:_:)``: the types the
/// high-rate writers store, kept apart so each database can bind them its fastest way while
/// storing exactly what Fluent would.
enum StoredValue: Sendable, Equatable {
    case uuid(UUID)
    case text(String?)
    case integer(Int)
    case bool(Bool)
    case date(Date)

    /// The bind SQLKit encodes with the database's own encoder, as Fluent's models are.
    var bind: SQLBind {
        switch self {
        case .uuid(let value): SQLBind(value)
        case .text(let value): SQLBind(value)
        case .integer(let value): SQLBind(value)
        case .bool(let value): SQLBind(value)
        case .date(let value): SQLBind(value)
        }
    }
}

/// A database with a faster way to insert rows than SQLKit's serializer and encoder
/// (``SQLiteWriterDatabase``).
protocol NativeRowInserting: SQLDatabase {
    /// Inserts `rows` (each with a value per column) in one statement.
    func insertNatively(into table: String, columns: [String], rows: ArraySlice<[StoredValue]>) async throws
}

/// Rows per INSERT statement, under every database's limit on bound values.
let rowsPerInsertStatement = 200

extension SQLDatabase {
    /// Inserts `rows`, up to ``rowsPerInsertStatement`` to a statement, natively where the
    /// database can (``NativeRowInserting``).
    func insertRows(into table: String, columns: [String], _ rows: [[StoredValue]]) async throws {
        precondition(rows.allSatisfy { $0.count == columns.count }, "every row has a value per column")
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + rowsPerInsertStatement, rows.count)]
            if let native = self as? any NativeRowInserting {
                try await native.insertNatively(into: table, columns: columns, rows: chunk)
            } else {
                var insert = self.insert(into: table).columns(columns)
                for row in chunk { insert = insert.values(row.map(\.bind)) }
                try await insert.run()
            }
            start += chunk.count
        }
    }
}
