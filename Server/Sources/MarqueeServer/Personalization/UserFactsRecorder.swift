import Logging
import NIOConcurrencyHelpers
import Vapor

/// Records identified pings' app facts behind their answers: a ping hands its ``UserVisit`` over
/// and answers at once, and visits are written in batches, one transaction each, every
/// ``Settings/interval`` or sooner when ``Settings/batchSize`` users wait.
///
/// - Pings of one user merge while they wait (``UserVisit/merged(with:)``), and a visit that
///   tells nothing new (``UserVisit/isKnown(to:)``, against what this instance last recorded)
///   is not queued at all.
/// - Memory is bounded: when ``Settings/maxWaiting`` users wait, a ping waits for the next batch
///   to be written before it adds its own.
/// - Visits not yet written are still read: ``unwritten(_:)`` gives them to ``UserRows``, so a
///   ping's segments see the ping that asks.
/// - The server writes what waits when it stops (SIGTERM included). A crash loses the visits of
///   the last ``Settings/interval`` at most: last-seen times and sessions, never an impression.
final class UserFactsRecorder: Sendable {
    struct Settings: Sendable {
        var interval: Duration = .seconds(1)
        var batchSize = 2_000
        var maxWaiting = 20_000
        /// Users whose last recorded facts are remembered, to skip visits without news.
        var remembered = 20_000
    }

    private struct State {
        var waiting: [KeyDigest: UserVisit] = [:]
        /// The batch being written: still read until its transaction has committed.
        var writing: [KeyDigest: UserVisit] = [:]
        var writer: Task<Void, Never>?
        var recorded: RecentMap<KeyDigest, UserFactsStore.Row>
        var loop: Task<Void, Never>?
    }

    let settings: Settings
    private let transactions: any SQLWriteTransactions
    private let changes: UserChanges
    private let logger: Logger
    private let state: NIOLockedValueBox<State>

    init(transactions: any SQLWriteTransactions, changes: UserChanges, logger: Logger, settings: Settings = Settings()) {
        self.transactions = transactions
        self.changes = changes
        self.logger = logger
        self.settings = settings
        state = NIOLockedValueBox(State(recorded: RecentMap(capacity: settings.remembered)))
    }

    /// Queues `visit` of the user `key` names, unless it tells nothing new. When the queue is
    /// full it waits for a batch to be written; if that fails too, the visit is not recorded.
    func record(_ visit: UserVisit, for key: KeyDigest) async {
        if case .full = enqueue(visit, for: key) {
            await flush()
            if case .full = enqueue(visit, for: key) {
                logger.warning("app facts not recorded: \(settings.maxWaiting) users wait for a database that does not answer")
            }
        }
    }

    private enum Queued {
        case known, queued, full
    }

    private func enqueue(_ visit: UserVisit, for key: KeyDigest) -> Queued {
        let (queued, due) = state.withLockedValue { state -> (Queued, Bool) in
            let known = state.recorded.value(for: key)
            if let known, visit.isKnown(to: known) { return (.known, false) }
            if state.waiting[key] == nil, state.waiting.count >= settings.maxWaiting { return (.full, false) }
            state.waiting[key] = state.waiting[key].map { $0.merged(with: visit) } ?? visit
            state.recorded.set(visit.applied(to: known), for: key)
            return (.queued, state.waiting.count >= settings.batchSize && state.writer == nil)
        }
        if due { Task { await flush() } }
        return queued
    }

    /// The user's visits not yet written, oldest first merged, if any.
    func unwritten(_ key: KeyDigest) -> UserVisit? {
        state.withLockedValue { state in
            switch (state.writing[key], state.waiting[key]) {
            case (let written?, let waiting?): written.merged(with: waiting)
            case (let written?, nil): written
            case (nil, let waiting?): waiting
            case (nil, nil): nil
            }
        }
    }

    /// Writes every visit queued before the call; returns once they are committed or have failed
    /// (a failed batch waits for the next one).
    func flush() async {
        while true {
            let (writer, isOwn) = state.withLockedValue { state -> (Task<Void, Never>?, Bool) in
                if let running = state.writer { return (running, false) }
                guard !state.waiting.isEmpty else { return (nil, false) }
                let batch = state.waiting
                state.waiting = [:]
                state.writing = batch
                let writer = Task { await self.write(batch) }
                state.writer = writer
                return (writer, true)
            }
            guard let writer else { return }
            await writer.value
            if isOwn { return }
        }
    }

    private func write(_ batch: [KeyDigest: UserVisit]) async {
        let users = Array(batch.keys)
        do {
            try await transactions.writeTransaction { sql in
                try await UserFactsStore.write(Array(batch.values), on: sql)
                try await self.changes.announce(users, on: sql)
            }
            // Held rows first: a row read once the batch has left `writing` holds its visits.
            changes.written(batch)
            state.withLockedValue { state in
                state.writing = [:]
                state.writer = nil
            }
        } catch {
            logger.warning("app facts of \(batch.count) users not written; retrying with the next batch",
                           metadata: ["error": "\(String(reflecting: error))"])
            state.withLockedValue { state in
                for (key, visit) in batch {
                    state.waiting[key] = state.waiting[key].map { visit.merged(with: $0) } ?? visit
                    state.recorded.remove(key)
                }
                state.writing = [:]
                state.writer = nil
            }
        }
    }

    /// Writes every ``Settings/interval`` until ``stop()``.
    func start() {
        let loop = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: settings.interval)
                await flush()
            }
        }
        state.withLockedValue { $0.loop = loop }
    }

    /// Stops the loop and writes what waits.
    func stop() async {
        let loop = state.withLockedValue { $0.loop }
        loop?.cancel()
        await loop?.value
        await flush()
    }

    /// Users whose visits wait to be written (tests and diagnostics).
    var waitingCount: Int { state.withLockedValue { $0.waiting.count + $0.writing.count } }
}

/// Starts the recorder with the application, and writes what waits when it stops.
struct UserFactsRecorderLifecycle: LifecycleHandler {
    let recorder: UserFactsRecorder

    func didBootAsync(_ application: Application) async throws {
        recorder.start()
    }

    func shutdownAsync(_ application: Application) async {
        await recorder.stop()
    }
}
