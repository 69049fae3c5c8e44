import Fluent
import SQLKit

/// Where a writer runs its transactions: the application's database, or on SQLite a connection
/// of the writer's own (``SQLiteWriterConnection``). The writer's SQL is the same on both.
protocol SQLWriteTransactions: Sendable {
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T

    /// Where the writer's own work between transactions should run to stay next to them, if
    /// anywhere in particular.
    @available(macOS 15.0, iOS 18.0, *)
    var taskExecutor: (any TaskExecutor)? { get }
}

/// Transactions on the application's database, through ``Fluent/Database/writeTransaction(_:)``.
struct DatabaseWriteTransactions: SQLWriteTransactions {
    let database: any Database

    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await database.writeTransaction { db in
            guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
            return try await body(sql)
        }
    }

    @available(macOS 15.0, iOS 18.0, *)
    var taskExecutor: (any TaskExecutor)? { nil }
}
