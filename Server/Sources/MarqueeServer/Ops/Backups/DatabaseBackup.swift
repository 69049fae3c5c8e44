import Foundation
import Logging
import NIOPosix
import SQLKit
import SQLiteNIO

/// `marquee backup`: a consistent, compact copy of a SQLite database that servers go on writing
/// to. SQLite's `VACUUM INTO` reads one snapshot of the database (write-ahead logging lets
/// writers go on meanwhile) and writes it out anew, so the copy holds every transaction that had
/// committed when it started and none that had not. The copy is checked before it gets its name.
public enum DatabaseBackup {
    /// A copy written.
    public struct Copy: Sendable {
        public let path: String
        public let bytes: Int64
        public let duration: Duration
    }

    public enum Failure: Error, CustomStringConvertible, Equatable {
        case missing(String)
        case destinationExists(String)
        case damaged(String, problems: String)
        case notMarquee(String)

        public var description: String {
            switch self {
            case .missing(let path): "\(path) does not exist"
            case .destinationExists(let path): "\(path) exists already; choose a new file (a backup never overwrites one)"
            case .damaged(let path, let problems): "\(path) failed SQLite's integrity check:\n\(problems)"
            case .notMarquee(let path): "\(path) is not a Marquee database (it has no migration records)"
            }
        }
    }

    /// Writes the copy of `database` to `destination`, which must not exist.
    public static func backup(database: String, to destination: String) async throws -> Copy {
        let files = FileManager.default
        guard files.fileExists(atPath: database) else { throw Failure.missing(database) }
        guard !files.fileExists(atPath: destination) else { throw Failure.destinationExists(destination) }
        let clock = ContinuousClock()
        let started = clock.now
        // Written under another name first: a copy that fails half-way never looks like a backup.
        let partial = destination + ".partial"
        try? files.removeItem(atPath: partial)
        do {
            try await withConnection(to: database) { sql in
                try await sql.raw("VACUUM INTO \(bind: partial)").run()
            }
            try await verify(partial)
            try files.moveItem(atPath: partial, toPath: destination)
        } catch {
            try? files.removeItem(atPath: partial)
            throw error
        }
        let bytes = (try? files.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.int64Value ?? 0
        return Copy(path: destination, bytes: bytes, duration: clock.now - started)
    }

    /// Checks that the file at `path` is a whole Marquee database: SQLite's integrity check
    /// passes and Fluent's migration records are there.
    public static func verify(_ path: String) async throws {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure.missing(path) }
        try await withConnection(to: path) { sql in
            struct Check: Decodable { var integrity_check: String }
            let problems = try await sql.raw("PRAGMA integrity_check").all(decoding: Check.self).map(\.integrity_check)
            guard problems == ["ok"] else { throw Failure.damaged(path, problems: problems.joined(separator: "\n")) }
            struct Table: Decodable { var name: String }
            let tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_fluent_migrations'")
                .all(decoding: Table.self)
            guard !tables.isEmpty else { throw Failure.notMarquee(path) }
        }
    }

    /// Runs `body` on a connection of its own to the file at `path`, with the server's busy
    /// timeout, so a backup waits out a checkpoint instead of failing.
    static func withConnection<T: Sendable>(to path: String, _ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let logger = Logger(label: "marquee.backup")
        let connection = try await SQLiteConnection.open(storage: .file(path: path), threadPool: .singleton, logger: logger,
                                                         on: MultiThreadedEventLoopGroup.singleton.any())
        do {
            let sql = connection.sql()
            for pragma in DatabaseSetup.sqliteConnectionPragmas { try await sql.raw(pragma).run() }
            let result = try await body(sql)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
