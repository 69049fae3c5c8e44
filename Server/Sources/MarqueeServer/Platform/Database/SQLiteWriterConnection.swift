import FluentSQLiteDriver
import NIOPosix
import Vapor

/// A SQLite connection of its own, on a thread of its own, for a writer that commits many times
/// a second (impression group commit).
///
/// On the application's pool each statement of a transaction hops from the task to the
/// connection's thread, to an event loop and back to the task, which waits its turn behind every
/// request's jobs; and consecutive transactions land on different connections, each finding its
/// page cache stale because another one wrote last. Here a transaction's task runs on the
/// connection's own thread (``ThreadPoolTaskExecutor``), so its statements run one after the
/// other without a thread switch, and the cache stays valid from one commit to the next.
/// Transactions still take their turn at the database's ``SQLiteWriteGate`` with its other
/// writers in this process, and wait in SQLite's busy handler for writers of other processes.
final class SQLiteWriterConnection: SQLWriteTransactions {
    private let connection: SQLiteConnection
    private let threadPool: NIOThreadPool
    private let gate: SQLiteWriteGate

    private init(connection: SQLiteConnection, threadPool: NIOThreadPool, gate: SQLiteWriteGate) {
        self.connection = connection
        self.threadPool = threadPool
        self.gate = gate
    }

    /// Opens the file at `path` with the pragmas every connection of the server has; its
    /// transactions queue at `gate`, the one the file's other writers use.
    static func open(path: String, gate: SQLiteWriteGate, logger: Logger,
                     on eventLoop: any EventLoop) async throws -> SQLiteWriterConnection {
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        do {
            let connection = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threadPool, logger: logger,
                                                             on: eventLoop)
            let sql = connection.sql()
            // Fluent turns foreign keys on for its own connections.
            try await sql.raw("PRAGMA foreign_keys = ON").run()
            for pragma in DatabaseSetup.sqliteConnectionPragmas { try await sql.raw(pragma).run() }
            return SQLiteWriterConnection(connection: connection, threadPool: threadPool, gate: gate)
        } catch {
            try? await threadPool.shutdownGracefully()
            throw error
        }
    }

    /// The connection's thread, for the transactions and for whatever their writer does between them.
    @available(macOS 15.0, iOS 18.0, *)
    var taskExecutor: (any TaskExecutor)? { ThreadPoolTaskExecutor(threadPool: threadPool) }

    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if #available(macOS 15.0, iOS 18.0, *) {
            try await withTaskExecutorPreference(taskExecutor) {
                try await self.transaction(body)
            }
        } else {
            try await transaction(body)
        }
    }

    private func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await gate.withTurn {
            _ = try await connection.query("BEGIN IMMEDIATE")
            do {
                let result = try await body(SQLiteWriterDatabase(connection: connection))
                _ = try await connection.query("COMMIT")
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK")
                throw error
            }
        }
    }

    func close() async {
        try? await connection.close()
        try? await threadPool.shutdownGracefully()
    }
}

struct SQLiteWriterConnectionLifecycle: LifecycleHandler {
    let connection: SQLiteWriterConnection

    func shutdownAsync(_ application: Application) async {
        await connection.close()
    }
}
