import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Vapor

/// Tells this instance's ``AppDirectory``, ``UserChanges`` and ``PairedDevices`` when another
/// instance changed an app, a user's rows or a pairing, through PostgreSQL's LISTEN/NOTIFY: writers notify inside each write's
/// transaction (``notify(_:on:)``, ``UserChanges/announce(_:on:)``), and PostgreSQL delivers
/// the notification when that transaction commits.
///
/// It listens on a connection of its own. While that connection is down the directory and the
/// user caches hold nothing (every request reads its rows), and it reconnects every ``retryDelay``.
final class ChangeListener: Sendable {
    static let channel = "marquee_apps"
    static let retryDelay: TimeAmount = .seconds(1)

    private let configuration: PostgresConnection.Configuration
    private let directory: AppDirectory
    private let users: UserChanges
    /// Hears pairings written, and debug lines received, anywhere.
    private let pairedDevices: PairedDevices
    private let pairings: PairingStore
    private let eventLoop: any EventLoop
    private let logger: Logger
    private let state = NIOLockedValueBox<(task: Task<Void, Never>?, connection: PostgresConnection?)>((nil, nil))

    init(configuration: PostgresConnection.Configuration, directory: AppDirectory, users: UserChanges,
         pairedDevices: PairedDevices, pairings: PairingStore, eventLoop: any EventLoop, logger: Logger) {
        self.configuration = configuration
        self.directory = directory
        self.users = users
        self.pairedDevices = pairedDevices
        self.pairings = pairings
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
                let apps = try await connection.listen(Self.channel)
                let userNotices = try await connection.listen(UserChanges.channel)
                let pairingNotices = try await connection.listen(PairedDevices.channel)
                let debugNotices = try await connection.listen(PairedDevices.debugChannel)
                await directory.setLearnsOfChanges(true)
                users.setLearnsOfChanges(true)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await notification in apps {
                            if let appID = UUID(uuidString: notification.payload) { await self.directory.forget(appID) }
                        }
                    }
                    group.addTask {
                        for try await notification in userNotices { self.users.heard(notification.payload) }
                    }
                    group.addTask {
                        for try await notification in pairingNotices {
                            await self.pairedDevices.heard(notification.payload, store: self.pairings)
                        }
                    }
                    group.addTask {
                        for try await notification in debugNotices { self.pairedDevices.heardDebugLines(notification.payload) }
                    }
                    // Either sequence ends only with the connection.
                    try await group.next()
                    group.cancelAll()
                }
            } catch {
                if !Task.isCancelled {
                    logger.warning("change listener disconnected; reading apps and users from the database until it is back",
                                   metadata: ["error": "\(String(reflecting: error))"])
                }
            }
            await directory.setLearnsOfChanges(false)
            users.setLearnsOfChanges(false)
            try? await Task.sleep(for: .seconds(Self.retryDelay.nanoseconds / 1_000_000_000))
        }
    }

    /// Inside a write transaction: tells every listening instance that `appID` changed, when it commits.
    static func notify(_ appID: UUID, on sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_notify(\(bind: channel), \(bind: appID.uuidString.lowercased()))").run()
    }
}

extension ChangeListener {
    /// On PostgreSQL, starts listening for `directory` and `users`, until `app` shuts down; on
    /// SQLite there is no other instance to hear from.
    static func start(for storage: ServerConfiguration.Storage, directory: AppDirectory, users: UserChanges,
                      pairedDevices: PairedDevices, pairings: PairingStore, in app: Application) throws {
        guard case .postgres(let url, _) = storage else { return }
        let listener = ChangeListener(configuration: try SQLPostgresConfiguration(url: url).coreConfiguration,
                                      directory: directory, users: users, pairedDevices: pairedDevices, pairings: pairings, eventLoop: app.eventLoopGroup.any(), logger: app.logger)
        listener.start()
        app.lifecycle.use(ChangeListenerLifecycle(listener: listener))
    }
}

/// Stops the listener with the application.
struct ChangeListenerLifecycle: LifecycleHandler {
    let listener: ChangeListener

    func shutdownAsync(_ application: Application) async {
        await listener.stop()
    }
}
