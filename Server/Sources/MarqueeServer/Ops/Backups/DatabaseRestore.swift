import Foundation

/// `marquee restore`: puts a backup in place of a SQLite database that no server is using.
/// The backup is checked first; the database it replaces is kept beside it, renamed, so a restore
/// loses nothing. Migrations bring an older backup up to date when the server next starts.
public enum DatabaseRestore {
    public struct Restored: Sendable {
        public let database: String
        /// Where the replaced database now is, if there was one.
        public let previous: String?
        public let bytes: Int64
    }

    /// Restores `backup` as `database`; `now` names the replaced database's new name.
    public static func restore(from backup: String, to database: String, now: Date) async throws -> Restored {
        try await DatabaseBackup.verify(backup)
        let lock = try SQLiteFileLock.acquire(database: database)
        defer { withExtendedLifetime(lock) {} }
        let files = FileManager.default
        var previous: String?
        if files.fileExists(atPath: database) {
            let aside = "\(database).before-restore-\(stamp(now))"
            // The write-ahead log may hold the newest transactions: it moves with its database.
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: database + suffix) {
                try files.moveItem(atPath: database + suffix, toPath: aside + suffix)
            }
            previous = aside
        }
        let incoming = database + ".restoring"
        try? files.removeItem(atPath: incoming)
        try files.copyItem(atPath: backup, toPath: incoming)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: incoming))
        try handle.synchronize()
        try handle.close()
        try files.moveItem(atPath: incoming, toPath: database)
        let bytes = (try? files.attributesOfItem(atPath: database)[.size] as? NSNumber)?.int64Value ?? 0
        return Restored(database: database, previous: previous, bytes: bytes)
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
