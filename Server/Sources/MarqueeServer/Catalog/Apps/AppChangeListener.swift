import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Vapor

/// Tells this instance's ``AppDirectory`` when another instance changed an app, through
/// PostgreSQL's LISTEN/NOTIFY: ``CatalogStore`` notifies on ``channel`` inside each write's
/// transaction, and PostgreSQL delivers the notification when that transaction commits.
///
/// It listens on a connection of its own. While that connection is down the directory holds
/// nothing (every request reads its app), and it reconnects every ``retryDelay``.
final class AppChangeListener: Sendable {
    static let channel = "marquee_apps"
    static let retryDelay: TimeAmount = .seconds(1)

    private let configuration: PostgresConnection.Configuration
    private let directory: AppDirectory
    private let eventLoop: any EventLoop
    private let logger: Logger
    private let state = NIOLockedValueBox<(task: Task<Void, Never>?, connection: PostgresConnection?)>((nil, nil))

    init(configuration: PostgresConnection.Configuration, directory: AppDirectory, eventLoop: any EventLoop, logger: Logger) {
        self.configuration = configuration
        self.directory = directory
        self.eventLoop = eventLoop
        self.logger = logger
    }

    func start() {
        let task = Task { await self.run() }
        state.withLockedValue { $0.task = task }
    }

    func stop() async {
        let (task, connection) = state.withLockedValue { ($0.task, $0.connection) }
        task?.cancel()
        try? await connection?.close()
        await task?.value
    }

    private func run() async {
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(on: eventLoop, configuration: configuration, id: 1, logger: logger).get()
                state.withLockedValue { $0.connection = connection }
                defer { Task { try? await connection.close() } }
                try await connection.listen(on: Self.channel) { notifications in
                    await directory.setLearnsOfChanges(true)
                    for try await notification in notifications {
                        if let appID = UUID(uuidString: notification.payload) { await directory.forget(appID) }
                    }
                }
            } catch {
                if !Task.isCancelled {
                    logger.warning("app change listener disconnected; reading apps from the database until it is back",
                                   metadata: ["error": "\(String(reflecting: error))"])
                }
            }
            await directory.setLearnsOfChanges(false)
            try? await Task.sleep(for: .seconds(Self.retryDelay.nanoseconds / 1_000_000_000))
        }
    }

    /// Inside a write transaction: tells every listening instance that `appID` changed, when it commits.
    static func notify(_ appID: UUID, on sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_notify(\(bind: channel), \(bind: appID.uuidString.lowercased()))").run()
    }
}

extension AppChangeListener {
    /// On PostgreSQL, starts listening for `directory`, until `app` shuts down; on SQLite there is
    /// no other instance to hear from.
    static func start(for storage: ServerConfiguration.Storage, directory: AppDirectory, in app: Application) throws {
        guard case .postgres(let url, _) = storage else { return }
        let listener = AppChangeListener(configuration: try SQLPostgresConfiguration(url: url).coreConfiguration,
                                         directory: directory, eventLoop: app.eventLoopGroup.any(), logger: app.logger)
        listener.start()
        app.lifecycle.use(AppChangeListenerLifecycle(listener: listener))
    }
}

/// Stops the listener with the application.
struct AppChangeListenerLifecycle: LifecycleHandler {
    let listener: AppChangeListener

    func shutdownAsync(_ application: Application) async {
        await listener.stop()
    }
}
