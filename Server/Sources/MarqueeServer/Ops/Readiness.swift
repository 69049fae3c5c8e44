import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// Whether this instance can serve requests (`GET /readyz`): the database answers within a
/// bound, and every migration this binary knows has run on it. Liveness (`/healthz`) asks none
/// of this, so a slow database takes an instance out of rotation without getting it restarted.
struct Readiness: Sendable {
    enum Check: String, Codable, Sendable {
        case ok, unreachable, pending
    }

    struct Report: Codable, Sendable {
        var status: String
        var database: Check
        var migrations: Check
        /// Migrations this binary has that the database has not run (a start that failed, or an
        /// older binary's database under a newer one's feet).
        var pendingMigrations: [String]
        /// Whether campaign changes made by other instances reach this one at once (`listening`),
        /// or apps are read from the database on each request (`reading`); both serve correctly.
        var catalog: String
        /// Device requests in flight; `waiting` when one has waited past ``DeviceTraffic/waitingAfter``,
        /// which makes the instance not ready, so a balancer sends devices elsewhere.
        var devices: DeviceTraffic.Snapshot
        /// Long admin reads running and waiting their turn (``AdminLane``).
        var adminLane: AdminLaneLoad

        var isReady: Bool { database == .ok && migrations == .ok && !devices.waiting }
    }

    let database: any Database
    let directory: AppDirectory
    let deviceTraffic: DeviceTraffic
    let adminLane: AdminLane
    /// How long the database may take to answer before the instance counts as not ready.
    let bound: Duration

    func check() async -> Report {
        let catalog = await directory.isLearningOfChanges ? "listening" : "reading"
        let applied: Set<String>
        do {
            applied = try await Self.within(bound) { [database] in
                guard let sql = database as? any SQLDatabase else { throw StoreError.notSQL }
                struct Row: Decodable { var name: String }
                return Set(try await sql.raw("SELECT name FROM _fluent_migrations").all(decoding: Row.self).map(\.name))
            }
        } catch {
            return Report(status: "unavailable", database: .unreachable, migrations: .pending,
                          pendingMigrations: [], catalog: catalog, devices: deviceTraffic.snapshot, adminLane: adminLane.load)
        }
        let pending = MarqueeMigrations.names.filter { !applied.contains($0) }
        var report = Report(status: "", database: .ok, migrations: pending.isEmpty ? .ok : .pending,
                            pendingMigrations: pending, catalog: catalog, devices: deviceTraffic.snapshot, adminLane: adminLane.load)
        report.status = report.isReady ? "ok" : "unavailable"
        return report
    }

    struct TimedOut: Error {}

    /// `work`'s result, or ``TimedOut`` once `bound` has passed, whichever comes first. A query
    /// to a database that does not answer is left to end on its own (its pool's timeout bounds
    /// it); the caller is answered at once.
    static func within<T: Sendable>(_ bound: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let answered = NIOLockedValueBox(false)
            let answer: @Sendable (Result<T, any Error>) -> Void = { result in
                let first = answered.withLockedValue { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(with: result) }
            }
            let timer = Task {
                try await Task.sleep(for: bound)
                answer(.failure(TimedOut()))
            }
            let running = Task {
                do { answer(.success(try await work())) } catch { answer(.failure(error)) }
                timer.cancel()
            }
            // The work learns of the timeout through cancellation, should it listen.
            Task {
                _ = await timer.result
                running.cancel()
            }
        }
    }
}
