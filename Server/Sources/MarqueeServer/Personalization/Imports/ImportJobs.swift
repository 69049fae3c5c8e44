import Fluent
import Foundation
import MarqueeModel
import NIOConcurrencyHelpers
import Vapor

/// Runs profile imports behind their requests. A request stores the job and is answered at once;
/// the import then runs on this instance, one at a time, its batches pausing while devices have
/// requests in flight, and records its progress after each batch. Bodies wait in memory: at most
/// ``maxJobs`` are queued or running per instance, so memory holds at most that many request
/// bodies.
final class ImportJobs: Sendable {
    /// Jobs queued or running on this instance; one more is refused (`import_queue_full`).
    static let maxJobs = 4
    /// How long a job waits for the one before it.
    static let queueWait: Duration = .seconds(10 * 60)
    /// After each batch, how long an import waits at most for device requests in flight to finish.
    static let devicePause: Duration = .milliseconds(50)

    private let database: any Database
    private let changes: UserChanges
    private let clock: any ServerClock
    private let deviceTraffic: DeviceTraffic
    private let logger: Logger
    private let turn = LaneSlots(capacity: 1)
    private let tasks = NIOLockedValueBox<[UUID: Task<Void, Never>]>([:])

    init(database: any Database, changes: UserChanges, clock: any ServerClock, deviceTraffic: DeviceTraffic, logger: Logger) {
        self.changes = changes
        self.database = database
        self.clock = clock
        self.deviceTraffic = deviceTraffic
        self.logger = logger
    }

    /// Stores a queued job for `body` and starts it.
    func submit(appID: UUID, format: RecordSplitter.Format, body: ByteBuffer) async throws -> ImportJob {
        let id = UUID()
        let admitted = tasks.withLockedValue { tasks in
            guard tasks.count < Self.maxJobs else { return false }
            // Held until the task is in place, so the count is right from now on.
            tasks[id] = Task {}
            return true
        }
        guard admitted else { throw APIError.importQueueFull }
        let record = ImportJobRecord()
        record.id = id
        record.appID = appID
        record.format = format == .csv ? "csv" : "ndjson"
        record.status = ImportJob.Status.queued.rawValue
        record.imported = 0
        record.failed = 0
        record.errors = "[]"
        record.createdAt = clock.nowMillis
        record.updatedAt = record.createdAt
        do {
            try await database.writeTransaction { db in try await record.create(on: db) }
        } catch {
            _ = tasks.withLockedValue { $0.removeValue(forKey: id) }
            throw error
        }
        let task = Task { [self] in
            await run(id, format: format, appID: appID, body: body)
            _ = tasks.withLockedValue { $0.removeValue(forKey: id) }
        }
        tasks.withLockedValue { tasks in
            if tasks[id] != nil { tasks[id] = task }
        }
        return try ImportJob(record, now: clock.now())
    }

    /// The job, if it belongs to the app.
    func job(_ id: UUID, appID: UUID, on db: any Database) async throws -> ImportJob {
        guard let record = try await ImportJobRecord.query(on: db).filter(\.$id == id).filter(\.$appID == appID).first() else {
            throw APIError.notFound("import")
        }
        return try ImportJob(record, now: clock.now())
    }

    private func run(_ id: UUID, format: RecordSplitter.Format, appID: UUID, body: ByteBuffer) async {
        guard await turn.acquire(waitingAtMost: Self.queueWait) else {
            await finish(id, .failed, message: "earlier imports took longer than 10 minutes; send the file again")
            return
        }
        defer { turn.release() }
        do {
            try await update(id) { $0.status = ImportJob.Status.running.rawValue }
            let importer = ProfileImport(database: database, changes: changes, appID: appID, clock: clock, format: format)
            let report = try await importer.run(body) { report in
                try Task.checkCancellation()
                try await self.update(id) { record in
                    record.imported = report.imported
                    record.failed = report.failed
                    record.errors = String(decoding: try MarqueeJSON.encoder().encode(report.errors), as: UTF8.self)
                }
                await self.letDevicesThrough()
            }
            await finish(id, .done, report: report)
        } catch is CancellationError {
            await finish(id, .interrupted, message: "the server stopped before the import finished; send the file again")
        } catch {
            logger.error("profile import failed", metadata: ["job": "\(id)", "error": "\(String(reflecting: error))"])
            await finish(id, .failed, message: "the import stopped on a server error after the lines reported; send the file again")
        }
    }

    /// Waits, briefly, while device requests are in flight: batches take the database's write
    /// lock, and devices come first.
    private func letDevicesThrough() async {
        let deadline = ContinuousClock.now + Self.devicePause
        while deviceTraffic.snapshot.inFlight > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    private func update(_ id: UUID, _ change: @escaping @Sendable (ImportJobRecord) throws -> Void) async throws {
        let now = clock.nowMillis
        try await database.writeTransaction { db in
            guard let record = try await ImportJobRecord.find(id, on: db) else { return }
            try change(record)
            record.updatedAt = now
            try await record.update(on: db)
        }
    }

    /// Records how the job ended, also when its task was cancelled (in a task of its own, so the
    /// cancellation does not stop the write).
    private func finish(_ id: UUID, _ status: ImportJob.Status, report: ProfileImport.Report? = nil, message: String? = nil) async {
        await Task.detached { await self.record(id, status, report: report, message: message) }.value
    }

    private func record(_ id: UUID, _ status: ImportJob.Status, report: ProfileImport.Report?, message: String?) async {
        let now = clock.nowMillis
        do {
            try await update(id) { record in
                record.status = status.rawValue
                record.message = message
                record.finishedAt = now
                if let report {
                    record.imported = report.imported
                    record.failed = report.failed
                    record.errors = String(decoding: try MarqueeJSON.encoder().encode(report.errors), as: UTF8.self)
                }
            }
        } catch {
            logger.error("an import's end could not be recorded", metadata: ["job": "\(id)", "status": "\(status)"])
        }
    }

    /// Stops the imports in flight, which record that they were interrupted.
    func shutdown() async {
        let running = tasks.withLockedValue { Array($0.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}

struct ImportJobsLifecycle: LifecycleHandler {
    let jobs: ImportJobs

    func shutdownAsync(_ application: Application) async {
        await jobs.shutdown()
    }
}
