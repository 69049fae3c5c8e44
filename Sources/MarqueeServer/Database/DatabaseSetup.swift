import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import SQLKit
import Vapor

/// Connects the application to its database and tunes it for concurrent requests.
struct DatabaseSetup {
    let storage: ServerConfiguration.Storage

    /// How long a SQLite connection waits for another one's write lock before giving up.
    static let sqliteBusyTimeoutMillis = 5_000
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
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            app.databases.use(.sqlite(.file(path), connectionPoolTimeout: Self.sqlitePoolTimeout), as: .sqlite)
            try await tuneSQLite(app, writeAheadLog: true)
        case .sqliteMemory:
            app.databases.use(.sqlite(.memory, connectionPoolTimeout: Self.sqlitePoolTimeout), as: .sqlite)
            try await tuneSQLite(app, writeAheadLog: false)
        case .postgres(let url, let searchPath):
            var postgres = try SQLPostgresConfiguration(url: url)
            if let searchPath { postgres.searchPath = [searchPath] }
            app.databases.use(.postgres(configuration: postgres,
                                        maxConnectionsPerEventLoop: Self.postgresConnectionsPerEventLoop,
                                        connectionPoolTimeout: Self.postgresPoolTimeout), as: .psql)
            if let searchPath, let sql = app.db as? any SQLDatabase {
                try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: searchPath)").run()
            }
        }
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
    /// Each event loop keeps one connection, so the timeout is set on each loop's connection.
    private func tuneSQLite(_ app: Application, writeAheadLog: Bool) async throws {
        if writeAheadLog, let sql = app.db as? any SQLDatabase {
            try await sql.raw("PRAGMA journal_mode = WAL").run()
        }
        for loop in app.eventLoopGroup.makeIterator() {
            guard let sql = app.databases.database(.sqlite, logger: app.logger, on: loop) as? any SQLDatabase else { continue }
            try await sql.raw("PRAGMA busy_timeout = \(unsafeRaw: String(Self.sqliteBusyTimeoutMillis))").run()
        }
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
