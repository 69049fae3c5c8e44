import ArgumentParser
import Foundation
import MarqueeServer

/// `marquee backup --to FILE`: copy a live SQLite database.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a consistent, checked copy of the SQLite database while the server keeps running.",
        discussion: "PostgreSQL databases are backed up with PostgreSQL's own tools; see docs/deploying.md.")

    @OptionGroup var options: ServerOptions

    @Option(name: .customLong("to"), help: "The file to write (it must not exist).")
    var destination: String

    func run() async throws {
        let configuration = try options.resolve()
        guard let database = configuration.storage.sqlitePath else { throw PostgresBackups.useTheirTools }
        print("Backing up \(database) to \(destination)…")
        let copy = try await DatabaseBackup.backup(database: database, to: destination)
        let seconds = copy.duration / .seconds(1)
        print("Wrote \(copy.path): \(ByteCountFormatter.string(fromByteCount: copy.bytes, countStyle: .file)), integrity checked, in \(String(format: "%.1f", seconds)) s.")
    }
}

/// `marquee restore --from FILE`: put a backup in place of the SQLite database.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the SQLite database with a backup (the server must be stopped; the replaced database is kept).",
        discussion: "PostgreSQL databases are restored with PostgreSQL's own tools; see docs/deploying.md.")

    @OptionGroup var options: ServerOptions

    @Option(name: .customLong("from"), help: "The backup to restore (written by `marquee backup`).")
    var source: String

    func run() async throws {
        let configuration = try options.resolve()
        guard let database = configuration.storage.sqlitePath else { throw PostgresBackups.useTheirTools }
        let restored = try await DatabaseRestore.restore(from: source, to: database, now: Date())
        print("Restored \(restored.database) from \(source) (\(ByteCountFormatter.string(fromByteCount: restored.bytes, countStyle: .file)), integrity checked).")
        if let previous = restored.previous { print("The database it replaced is now \(previous).") }
        print("Start the server as before; migrations bring an older backup up to date.")
    }
}

/// What `backup` and `restore` say on PostgreSQL, rather than guessing.
enum PostgresBackups: Error, CustomStringConvertible {
    case useTheirTools

    var description: String {
        """
        this server uses PostgreSQL (DATABASE_URL); back it up and restore it with PostgreSQL's tools:
          pg_dump --format=custom --file marquee.dump "$DATABASE_URL"
          pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" marquee.dump
        """
    }
}
