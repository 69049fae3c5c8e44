import Vapor

/// Starts the server for the `marquee` executable.
public enum MarqueeServerRunner {
    /// Runs until interrupted.
    public static func serve(_ configuration: ServerConfiguration) async throws {
        // One server per SQLite file: its in-memory caches assume no other process writes there.
        let lock = try configuration.storage.sqlitePath.map { try SQLiteFileLock.acquire(database: $0) }
        defer { withExtendedLifetime(lock) {} }
        MetricsExport.bootstrap()
        let app = try await makeApplication()
        do {
            try await configure(app, configuration: configuration)
            app.logger.notice("Marquee is listening", metadata: [
                "url": "http://\(configuration.host):\(configuration.port)", "storage": "\(configuration.storage.summary)"])
            try await app.execute()
            // Requests in flight finish before the databases they use close: Vapor's own shutdown
            // would stop the server only after its providers (Fluent among them).
            let timeout = app.http.server.configuration.shutdownTimeout
            app.logger.notice("Stopping: finishing the requests in flight", metadata: ["up to": "\(timeout)"])
            await app.marqueeHTTPServer?.shutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    /// Migrates the database and returns.
    public static func migrate(_ configuration: ServerConfiguration) async throws {
        let app = try await makeApplication()
        do {
            try await configure(app, configuration: configuration)
            print("Database is up to date (\(configuration.storage.summary)).")
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    static func makeApplication() async throws -> Application {
        // Vapor's own argument parsing is bypassed: the `marquee` command has already parsed them.
        var environment = try Environment.detect(arguments: ["marquee"])
        environment.arguments = ["marquee", "serve"]
        LoggingSystem.bootstrap { _ in LineLogHandler() }
        return try await Application.make(environment)
    }
}

extension ServerConfiguration.Storage {
    /// The SQLite file, when the data lives in one.
    public var sqlitePath: String? {
        switch self {
        case .sqliteFile(let path): path
        case .sqliteMemory, .postgres: nil
        }
    }

    /// Where the data lives, without credentials.
    var summary: String {
        switch self {
        case .sqliteFile(let path): "sqlite:\(path)"
        case .sqliteMemory: "sqlite:memory"
        case .postgres(let url, _): "postgres:" + (URL(string: url)?.host ?? "?")
        }
    }
}
