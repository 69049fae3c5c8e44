import Foundation
import Logging
import PostgresNIO

/// A connection to the test PostgreSQL server as its administrator, for tests that create
/// databases or make one unreachable.
struct PostgresAdmin {
    private let connection: PostgresConnection
    private let base: URLComponents
    private static let logger = Logger(label: "test.postgres-admin")

    static func connect() async throws -> PostgresAdmin {
        guard let text = TestDatabase.postgresURL, let base = URLComponents(string: text) else {
            throw TestFailure("MARQUEE_TEST_POSTGRES_URL is not set")
        }
        let configuration = PostgresConnection.Configuration(
            host: base.host ?? "127.0.0.1", port: base.port ?? 5432, username: base.user ?? "postgres",
            password: base.password, database: "postgres", tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        return PostgresAdmin(connection: connection, base: base)
    }

    func run(_ sql: String) async throws {
        _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger).collect()
    }

    /// The test server's URL with another database name.
    func url(database: String) -> String {
        var components = base
        components.path = "/" + database
        return components.string ?? ""
    }

    func dropDatabase(_ name: String) async throws {
        try await run("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
        try await run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
        try await run("DROP DATABASE IF EXISTS \(name)")
    }

    func close() async {
        try? await connection.close()
    }
}
