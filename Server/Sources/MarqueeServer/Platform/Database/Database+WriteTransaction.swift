import Fluent
import FluentSQLiteDriver
import SQLKit

extension Database {
    /// Runs `body` in a transaction that may write.
    ///
    /// On SQLite the transaction takes the write lock before anything else. A transaction that
    /// reads first and writes later fails with `SQLITE_BUSY` when another connection wrote in
    /// between, and no busy timeout can help it; one that holds the write lock from its first
    /// statement simply waits its turn. A write that changes no row takes that lock, as
    /// `BEGIN IMMEDIATE` would, while keeping Fluent's own transaction bookkeeping (nesting).
    /// PostgreSQL needs nothing more: its row locks serialize writers.
    ///
    /// On SQLite, writers also take their turn at the database's ``SQLiteWriteGate`` before they
    /// take a connection, so they queue fairly in this process instead of in SQLite's busy handler.
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let isOutermost = !inTransaction
        let run = {
            try await transaction { db in
                if isOutermost, db is any SQLiteDatabase, let sql = db as? any SQLDatabase {
                    try await sql.raw("UPDATE \(ident: AppRecord.schema) SET id = id WHERE 0 = 1").run()
                }
                return try await body(db)
            }
        }
        assert(writeGate != nil || !(self is any SQLiteDatabase), "SQLite is registered by DatabaseSetup, with its write gate")
        guard isOutermost, let gate = writeGate else { return try await run() }
        return try await gate.withTurn(run)
    }
}
