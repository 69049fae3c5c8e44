import Foundation
import MarqueeServer
import Testing

/// The databases the server suite runs against: in-memory SQLite always, PostgreSQL when
/// `MARQUEE_TEST_POSTGRES_URL` is set (CI sets it).
enum TestDatabase: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// In-memory SQLite, the quick default; `sqliteFile` is a SQLite file as `marquee serve` uses
    /// (write-ahead log, one connection per event loop), for tests of concurrent writes.
    case sqlite, sqliteFile, postgres

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["MARQUEE_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Every database available in this run.
    static var available: [TestDatabase] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// The databases production runs on, for concurrency tests: a SQLite file, and PostgreSQL when available.
    static var production: [TestDatabase] { postgresURL == nil ? [.sqliteFile] : [.sqliteFile, .postgres] }

    var testDescription: String { rawValue }

    /// A fresh, private store: its own in-memory SQLite database, or its own PostgreSQL schema.
    func makeStorage() -> ServerConfiguration.Storage {
        switch self {
        case .sqlite:
            return .sqliteMemory
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-tests", isDirectory: true)
            return .sqliteFile(directory.appendingPathComponent("\(UUID().uuidString).sqlite").path)
        case .postgres:
            return .postgres(url: Self.postgresURL!, searchPath: Self.newSchemaName())
        }
    }

    /// A PostgreSQL schema name no other test uses; ``TestServer`` drops the schema when done.
    static func newSchemaName() -> String {
        "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
    }
}
