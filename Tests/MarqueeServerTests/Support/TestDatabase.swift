import Foundation
import MarqueeServer
import Testing

/// The databases the server suite runs against: in-memory SQLite always, PostgreSQL when
/// `MARQUEE_TEST_POSTGRES_URL` is set (CI sets it).
enum TestDatabase: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["MARQUEE_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Every database available in this run.
    static var available: [TestDatabase] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    var testDescription: String { rawValue }

    /// A fresh, private store: its own in-memory SQLite database, or its own PostgreSQL schema.
    func makeStorage() -> ServerConfiguration.Storage {
        switch self {
        case .sqlite:
            return .sqliteMemory
        case .postgres:
            let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
            return .postgres(url: Self.postgresURL!, searchPath: schema)
        }
    }
}
