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

    /// The database a test makes unreachable. It is kept from run to run, each run in a schema
    /// of its own: dropping a database forces a checkpoint, and while that runs it holds a
    /// transaction id, which holds back the event log of every other test on the server
    /// (transaction ids are the server's, not a database's).
    static let unreachableDatabase = "marquee_unreachable"

    func createDatabaseIfMissing(_ name: String) async throws {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT 1 FROM pg_database WHERE datname = '\(name)'"),
                                              logger: Self.logger).collect()
        guard rows.isEmpty else { return }
        do {
            try await run("CREATE DATABASE \(name)")
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P04" {
            // Made by a run at the same time: there is one, as asked.
        }
    }

    func close() async {
        try? await connection.close()
    }
}
