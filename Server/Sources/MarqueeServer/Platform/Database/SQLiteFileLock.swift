import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Says that one process owns a SQLite database file: `marquee serve` holds it while it runs, and
/// `marquee restore` takes it before replacing the file. It is an advisory lock on a file beside
/// the database (`marquee.sqlite.lock`), released by the kernel when the process ends, however it
/// ends. SQLite's own locks cannot say this: they are held only while a transaction runs.
public final class SQLiteFileLock: Sendable {
    public struct Held: Error, CustomStringConvertible {
        public let database: String
        public var description: String {
            "another Marquee process (a running server, or a restore) is using \(database); stop it first"
        }
    }

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The lock file of the database at `path`.
    public static func lockPath(for database: String) -> String {
        database + ".lock"
    }

    /// Takes the lock of the database at `path` without waiting; throws ``Held`` when another
    /// process has it.
    public static func acquire(database path: String) throws -> SQLiteFileLock {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let descriptor = open(lockPath(for: path), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PrivateFile.Failure(description: "cannot open \(lockPath(for: path)): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Held(database: path)
        }
        return SQLiteFileLock(descriptor: descriptor)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
