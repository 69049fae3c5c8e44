import SQLKit

/// An INSERT of rows of ``StoredValue``s, optionally followed by a clause that PostgreSQL and
/// SQLite both read (`ON CONFLICT …`, `RETURNING …`): the statements a group commit repeats
/// many times a second, written as plain SQL text rather than built with SQLKit's builders,
/// whose serialization (identifier escaping above all) cost more than the statements.
///
/// Table, column and clause text are the server's own constants, never a request's text.
struct RowInsert: Sendable {
    let columns: [String]
    /// What follows the values, or `""`.
    let clause: String
    /// The statement's text up to its values: `INSERT INTO table (a, b) VALUES `.
    let head: String
    /// One row's placeholders: `(?, ?)`.
    private let placeholders: String

    /// Rows per statement, under every database's limit on bound values.
    static let rowsPerStatement = 200

    init(table: String, columns: [String], clause: String = "") {
        precondition(([table] + columns).allSatisfy { $0.utf8.allSatisfy(Self.isPlain) }, "plain identifiers, written unquoted")
        self.columns = columns
        self.clause = clause
        head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// The whole statement for `rows` rows with `?` placeholders, as SQLite reads it.
    func statement(rows: Int) -> String {
        precondition(rows > 0, "at least one row")
        var text = head + placeholders + String(repeating: ", " + placeholders, count: rows - 1)
        if !clause.isEmpty { text += " " + clause }
        return text
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}

/// A database that runs a ``RowInsert`` without SQLKit's serializer and encoder (``SQLiteWriterDatabase``).
protocol NativeRowInserting: SQLDatabase {
    /// Runs `insert` for `rows` (each with a value per column) as one statement; the rows its clause returns.
    func insertNatively(_ insert: RowInsert, rows: ArraySlice<[StoredValue]>) async throws -> [any SQLRow]
}

extension SQLDatabase {
    /// Runs `insert` for every row, ``RowInsert/rowsPerStatement`` to a statement.
    func run(_ insert: RowInsert, rows: [[StoredValue]]) async throws {
        _ = try await returnedRows(insert, rows: rows)
    }

    /// Runs `insert` for every row and decodes what its `RETURNING` clause returns.
    func run<Returned: Decodable>(_ insert: RowInsert, rows: [[StoredValue]], returning: Returned.Type) async throws -> [Returned] {
        try await returnedRows(insert, rows: rows).map { try $0.decode(model: Returned.self) }
    }

    private func returnedRows(_ insert: RowInsert, rows: [[StoredValue]]) async throws -> [any SQLRow] {
        precondition(rows.allSatisfy { $0.count == insert.columns.count }, "every row has a value per column")
        var returned: [any SQLRow] = []
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + RowInsert.rowsPerStatement, rows.count)]
            if let native = self as? any NativeRowInserting {
                returned += try await native.insertNatively(insert, rows: chunk)
            } else {
                var query = SQLQueryString(insert.head)
                for (index, row) in chunk.enumerated() {
                    query.appendLiteral(index == 0 ? "(" : "), (")
                    query.appendInterpolation(binds: row)
                }
                query.appendLiteral(")")
                if !insert.clause.isEmpty { query.appendLiteral(" " + insert.clause) }
                returned += try await raw(query).all()
            }
            start += chunk.count
        }
        return returned
    }
}
