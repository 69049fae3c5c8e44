import Fluent
import Logging

/// The admin API token: `MARQUEE_ADMIN_TOKEN` when set, else one generated on first start,
/// printed once, and kept (hashed) in the database for later starts.
enum AdminToken {
    /// The hash of the token in force.
    static func establish(configured: String?, on db: any Database, logger: Logger) async throws -> String {
        if let configured { return Secrets.hash(configured) }
        if let stored = try await SettingRecord.find(SettingRecord.adminTokenHash, on: db) { return stored.value }
        let token = Secrets.generate(prefix: "mqa_")
        let hash = Secrets.hash(token)
        try await SettingRecord(key: SettingRecord.adminTokenHash, value: hash).create(on: db)
        // Printed, not logged: it must reach the operator once and never land in log storage.
        print("""
        Generated an admin API token (shown only this once; set \(ServerConfiguration.Variable.adminToken) to choose your own):
            \(token)
        """)
        return hash
    }
}
