import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import NIOPosix
import PostgresNIO
import SQLKit
import Vapor
#if canImport(Glibc)
import Glibc
#endif

/// Where admin reads that can take long run: audience counts, statistics and exports. Devices
/// never wait behind them:
/// - the lane has database connections of its own, so a device's request never waits for a
///   connection a count holds;
/// - it has threads of its own, at a lower CPU priority than the threads that serve devices: a
///   job's CPU work runs there (``compute(_:)``), and on SQLite its queries too;
/// - it runs at most ``AdminLaneLimits/concurrency`` jobs at once; a job waits at most
///   ``AdminLaneLimits/queueWait`` for its turn, then is refused (``APIError/adminLaneBusy``);
/// - each job's queries stop at its ``AdminLaneLimits/budget`` (SQLite: `sqlite3_interrupt`;
///   PostgreSQL: `statement_timeout`) and fail with an error ``isOverBudget(_:)`` recognizes,
///   which a job may turn into an estimate and which otherwise answers
///   ``APIError/adminQueryOverBudget(_:)``.
///
/// An in-memory SQLite database cannot be opened twice: there the lane shares the application's
/// connections, and still bounds its jobs and their time.
final class AdminLane: Sendable {
    let settings: AdminLaneLimits
    private let slots: LaneSlots
    private let source: Source
    /// The lane's low-priority threads.
    private let threads: NIOThreadPool

    private enum Source: Sendable {
        /// The lane's own connections.
        case own(Databases, DatabaseID)
        /// The application's (an in-memory SQLite database).
        case shared(Databases, DatabaseID)
    }

    private init(settings: AdminLaneLimits, source: Source, threads: NIOThreadPool) {
        self.settings = settings
        self.source = source
        self.threads = threads
        slots = LaneSlots(capacity: settings.concurrency)
    }

    /// A lane for `storage`, using `app`'s event loops; closed when `app` shuts down.
    static func open(for storage: ServerConfiguration.Storage, settings: AdminLaneLimits, in app: Application) -> AdminLane {
        let threads = NIOThreadPool(numberOfThreads: settings.concurrency)
        threads.start()
        for _ in 0..<settings.concurrency { threads.submit { _ in Self.lowerThisThreadsPriority() } }
        let lane: AdminLane
        switch storage {
        case .sqliteMemory:
            lane = AdminLane(settings: settings, source: .shared(app.databases, .sqlite), threads: threads)
        case .sqliteFile(let path):
            let databases = Databases(threadPool: threads, on: app.eventLoopGroup)
            databases.use(.sqlite(.file(path), maxConnectionsPerEventLoop: 1, connectionPoolTimeout: .seconds(30)),
                          as: .sqlite)
            lane = AdminLane(settings: settings, source: .own(databases, .sqlite), threads: threads)
        case .postgres(let url, let searchPath):
            let databases = Databases(threadPool: app.threadPool, on: app.eventLoopGroup)
            do {
                var postgres = try SQLPostgresConfiguration(url: url)
                if let searchPath { postgres.searchPath = [searchPath] }
                postgres.coreConfiguration.options.additionalStartupParameters
                    .append(("statement_timeout", "\(settings.budget.nanoseconds / 1_000_000)"))
                databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: 1,
                                        connectionPoolTimeout: .seconds(30)), as: .psql)
                lane = AdminLane(settings: settings, source: .own(databases, .psql), threads: threads)
            } catch {
                // The application's own configuration parsed the same URL already.
                preconditionFailure("the PostgreSQL URL was checked at start: \(error)")
            }
        }
        app.lifecycle.use(AdminLaneLifecycle(lane: lane))
        return lane
    }

    /// Jobs running and waiting.
    var load: AdminLaneLoad {
        let load = slots.load
        return AdminLaneLoad(running: load.busy, waiting: load.waiting)
    }

    /// Runs `job` in the lane once it has a turn, on the lane's database, within the budget.
    func run<T: Sendable>(logger: Logger, on eventLoop: any EventLoop,
                          _ job: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard await slots.acquire(waitingAtMost: settings.queueWait) else { throw APIError.adminLaneBusy }
        defer { slots.release() }
        let (databases, id) = switch source {
        case .own(let databases, let id), .shared(let databases, let id): (databases, id)
        }
        guard let database = databases.database(id, logger: logger, on: eventLoop) else { throw StoreError.notSQL }
        do {
            if let sqlite = database as? any SQLiteDatabase {
                return try await runInterruptible(on: sqlite, job)
            }
            guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
            return try await job(sql)
        } catch let error where Self.isOverBudget(error) {
            throw APIError.adminQueryOverBudget(settings.budget)
        }
    }

    /// On one SQLite connection, interrupted when the budget is spent. The connection only reads.
    private func runInterruptible<T: Sendable>(on database: any SQLiteDatabase,
                                               _ job: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let budget = settings.budget
        return try await database.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                let sql = connection.sql()
                try await sql.raw("PRAGMA query_only = ON").run()
                let deadline = connection.eventLoop.scheduleTask(in: .nanoseconds(Int64(budget.nanoseconds))) {
                    connection.interrupt()
                }
                defer { deadline.cancel() }
                do {
                    let result = try await job(sql)
                    try await sql.raw("PRAGMA query_only = OFF").run()
                    return result
                } catch {
                    try? await sql.raw("PRAGMA query_only = OFF").run()
                    throw error
                }
            }
        }.get()
    }

    /// Runs a job's CPU work on the lane's threads, off the event loops that answer devices.
    func compute<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await threads.runIfActive(work)
    }

    /// Whether `error` is a query stopped at its budget.
    static func isOverBudget(_ error: any Error) -> Bool {
        if let sqlite = error as? SQLiteError { return sqlite.reason == .interrupt }
        if let postgres = error as? PSQLError { return postgres.serverInfo?[.sqlState] == "57014" }
        return false
    }

    /// Lanes run at a lower priority than the threads that serve devices, so counting competes
    /// for the CPU without winning it. On Linux the nice value is a thread's own.
    private static func lowerThisThreadsPriority() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    fileprivate func shutdown() async {
        if case .own(let databases, _) = source { await databases.shutdownAsync() }
        try? await threads.shutdownGracefully()
    }
}

/// Jobs running in the ``AdminLane`` and waiting for a turn.
struct AdminLaneLoad: Codable, Sendable, Equatable {
    var running: Int
    var waiting: Int
}

struct AdminLaneLifecycle: LifecycleHandler {
    let lane: AdminLane

    func shutdownAsync(_ application: Application) async {
        await lane.shutdown()
    }
}
