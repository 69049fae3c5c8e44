import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// A new file only its owner can read and write (mode 0600 from the moment it exists, so no
/// other user can open it in between).
enum PrivateFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `contents` to the file at `path`, replacing what was there in one step (a token
    /// left by a deleted database is stale). Missing directories are created, private too.
    static func write(at path: String, contents: String) throws {
        let temporary = path + ".new"
        unlink(temporary)
        try create(at: temporary, contents: contents)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
    }

    /// Creates the file at `path` with `contents`; an existing file is an error, never overwritten.
    private static func create(at path: String, contents: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
