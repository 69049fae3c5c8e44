import Fluent
import Foundation
import Vapor

/// `marquee profiles import`: reads a CSV or NDJSON file of any size in chunks into an app's user
/// profiles (``ProfileImport``), against the configured database (migrated first, as `serve`
/// would). The server need not be running.
public enum ProfileAdministration {
    public enum Format: String, Sendable, CaseIterable {
        case csv, ndjson
    }

    /// What an import did: lines imported and failed, with the first failures by line.
    public struct Outcome: Sendable {
        public var imported: Int
        public var failed: Int
        public var errors: [(line: Int, message: String)]
    }

    public enum Failure: Error, CustomStringConvertible {
        case unknownApp(String)
        case unreadable(String)

        public var description: String {
            switch self {
            case .unknownApp(let app): "no app has the ID or subscription ID “\(app)”"
            case .unreadable(let path): "cannot read \(path)"
            }
        }
    }

    /// Imports `path` into the app `app` names (its ID or subscription ID); `progress` hears the
    /// lines imported and failed so far, after each batch of 500.
    public static func importFile(_ path: String, app: String, format: Format, configuration: ServerConfiguration,
                                  progress: @escaping @Sendable (_ imported: Int, _ failed: Int) -> Void) async throws -> Outcome {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure.unreadable(path) }
        defer { try? handle.close() }
        let application = try await MarqueeServerRunner.makeApplication()
        do {
            application.logger.logLevel = .warning
            try await DatabaseSetup(configuration).apply(to: application)
            application.migrations.addMarqueeMigrations()
            try await application.autoMigrate()
            let query = AppRecord.query(on: application.db)
            if let id = UUID(uuidString: app) { query.filter(\.$id == id) } else { query.filter(\.$subscriptionID == app) }
            guard let appID = try await query.first()?.id else { throw Failure.unknownApp(app) }
            // 64 KB at a time, read when the importer asks: the file is never held whole.
            let chunks = AsyncThrowingStream<[UInt8], any Error>(unfolding: {
                guard let data = try handle.read(upToCount: 64 * 1024), !data.isEmpty else { return nil }
                return Array(data)
            })
            // On PostgreSQL, running servers hear of each batch; on SQLite they are not told (see docs/segments.md).
            let changes = UserChanges(capacity: 2, learnsOfChanges: false)
            let importer = ProfileImport(database: application.db, changes: changes, appID: appID, clock: SystemServerClock(),
                                         format: format == .csv ? .csv : .ndjson)
            let report = try await importer.run(chunks) { progress($0.imported, $0.failed) }
            try await application.asyncShutdown()
            return Outcome(imported: report.imported, failed: report.failed, errors: report.errors.map { ($0.line, $0.message) })
        } catch {
            try? await application.asyncShutdown()
            throw error
        }
    }
}
