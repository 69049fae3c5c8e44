import Fluent
import Foundation
import Logging

/// The admin API token: `MARQUEE_ADMIN_TOKEN` when set, else one generated on first start,
/// written to a file only the server's user can read, and kept (hashed) in the database for
/// later starts. The token itself never reaches the log.
enum AdminToken {
    /// The hash of the token in force. A generated token is written to `file` before its hash is
    /// stored, so a start that cannot write the file leaves nothing behind and can be retried.
    static func establish(configured: String?, on db: any Database, file: String, logger: Logger) async throws -> String {
        if let configured { return Secrets.hash(configured) }
        if let stored = try await SettingRecord.find(SettingRecord.adminTokenHash, on: db) { return stored.value }
        let token = Secrets.generate(prefix: "mqa_")
        let hash = Secrets.hash(token)
        try PrivateFile.write(at: file, contents: token + "\n")
        do {
            try await SettingRecord(key: SettingRecord.adminTokenHash, value: hash).create(on: db)
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            throw error
        }
        logger.notice("Generated an admin API token", metadata: [
            "file": "\(file)", "note": "readable by this user only; set \(ServerConfiguration.Variable.adminToken) to choose your own"])
        return hash
    }
}
