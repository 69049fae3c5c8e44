import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import SQLKit
import Vapor

/// Connects the application to its database and tunes it for concurrent requests.
struct DatabaseSetup {
    let storage: ServerConfiguration.Storage
    /// Overrides the pool timeouts below (``ServerConfiguration/databaseWaitSeconds``).
    var waitSeconds: Int?

    /// How long a SQLite connection waits for another one's write lock before giving up.
    static let sqliteBusyTimeoutMillis = 5_000
    /// Set on every SQLite connection the server opens: the busy timeout, and statement journals
    /// (which a multi-row `INSERT` keeps, to undo only itself on a conflict) in memory rather than
    /// in a temporary file created for each one.
    static let sqliteConnectionPragmas: [SQLQueryString] = [
        "PRAGMA busy_timeout = \(unsafeRaw: String(sqliteBusyTimeoutMillis))",
        "PRAGMA temp_store = MEMORY",
    ]
    /// How long a request waits for its event loop's SQLite connection before it is answered 503.
    /// Writes queue for the one write lock, each committed to disk before it is acknowledged, so
    /// a burst of writes takes a while to drain.
    static let sqlitePoolTimeout = TimeAmount.seconds(30)
    /// PostgreSQL connections per event loop: requests wait for a free one in a burst, and a
    /// server serves more than one at a time on each loop.
    static let postgresConnectionsPerEventLoop = 4
    /// How long a request waits for a free PostgreSQL connection before it is answered 503.
    static let postgresPoolTimeout = TimeAmount.seconds(15)

    func apply(to app: Application) async throws {
        if storage.isSQLite { useOwnThreadPool(app) }
        switch storage {
        case .sqliteFile(let path):
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            // The data directory holds the database and the admin token: its owner's alone.
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            app.databases.use(Self.gated(.sqlite(.file(path), connectionPoolTimeout: wait(or: Self.sqlitePoolTimeout))), as: .sqlite)
            try await tuneSQLite(app, writeAheadLog: true)
        case .sqliteMemory:
            app.databases.use(Self.gated(.sqlite(.memory, connectionPoolTimeout: wait(or: Self.sqlitePoolTimeout))), as: .sqlite)
            try await tuneSQLite(app, writeAheadLog: false)
        case .postgres(let url, let searchPath):
            var postgres = try SQLPostgresConfiguration(url: url)
            if let searchPath { postgres.searchPath = [searchPath] }
            // Opening a connection is part of waiting for one.
            if let waitSeconds { postgres.coreConfiguration.options.connectTimeout = .seconds(Int64(waitSeconds)) }
            app.databases.use(.postgres(configuration: postgres,
                                        maxConnectionsPerEventLoop: Self.postgresConnectionsPerEventLoop,
                                        connectionPoolTimeout: wait(or: Self.postgresPoolTimeout)), as: .psql)
            if let searchPath, let sql = app.db as? any SQLDatabase {
                try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: searchPath)").run()
            }
        }
    }

    private func wait(or standard: TimeAmount) -> TimeAmount {
        waitSeconds.map { .seconds(Int64($0)) } ?? standard
    }

    /// A SQLite configuration with a write gate of its own: one gate per database.
    private static func gated(_ factory: DatabaseConfigurationFactory) -> WriteGatedConfiguration {
        WriteGatedConfiguration(base: factory.make(), writeGate: SQLiteWriteGate())
    }

    /// Where a writer that commits many times a second runs its transactions: on a SQLite file, a
    /// connection of its own (``SQLiteWriterConnection``) that queues at the database's write gate,
    /// closed when the application shuts down; elsewhere the application's pool. (An in-memory
    /// database cannot be opened a second time.)
    func frequentWriterTransactions(for app: Application) async throws -> any SQLWriteTransactions {
        guard case .sqliteFile(let path) = storage, let gate = app.db.writeGate else {
            return DatabaseWriteTransactions(database: app.db)
        }
        let connection = try await SQLiteWriterConnection.open(path: path, gate: gate, logger: app.logger,
                                                               on: app.eventLoopGroup.any())
        app.lifecycle.use(SQLiteWriterConnectionLifecycle(connection: connection))
        return connection
    }

    /// SQLite runs every statement on a thread of the application's pool, and a connection waiting
    /// for another's write lock sleeps on its thread. With a shared pool no larger than the number
    /// of connections, every thread can be asleep while the lock holder waits for a thread to
    /// commit on. This pool, the application's own, has a thread to spare for the lock holder.
    private func useOwnThreadPool(_ app: Application) {
        let connections = app.eventLoopGroup.makeIterator().reduce(0) { count, _ in count + 1 }
        app.threadPool = NIOThreadPool(numberOfThreads: connections + 2)
    }

    /// Write-ahead logging lets readers go on while one connection writes (the mode is stored in
    /// the file); the busy timeout makes a writer wait, sleeping, for the lock instead of spinning.
    /// Each event loop keeps one connection, so the pragmas are set on each loop's connection.
    private func tuneSQLite(_ app: Application, writeAheadLog: Bool) async throws {
        if writeAheadLog, let sql = app.db as? any SQLDatabase {
            try await sql.raw("PRAGMA journal_mode = WAL").run()
        }
        for loop in app.eventLoopGroup.makeIterator() {
            guard let sql = app.databases.database(.sqlite, logger: app.logger, on: loop) as? any SQLDatabase else { continue }
            for pragma in Self.sqliteConnectionPragmas { try await sql.raw(pragma).run() }
        }
    }
}

extension DatabaseSetup {
    init(_ configuration: ServerConfiguration) {
        self.init(storage: configuration.storage, waitSeconds: configuration.databaseWaitSeconds)
    }
}

extension ServerConfiguration.Storage {
    var isSQLite: Bool {
        switch self {
        case .sqliteFile, .sqliteMemory: true
        case .postgres: false
        }
    }
}
