import Foundation

/// Work that runs at a time on the clock.
enum Job: Sendable, Hashable {
    case config, ping, flushOutbox, processQueue, save
    /// Connect the live channel again after it dropped.
    case liveConnect
    /// Send the debug session's waiting lines.
    case flushDebug
    /// A tooltip's `autoDisappearSeconds` are over.
    case tooltipTimeout(token: Int)
    /// Time to ask whether display `token` is still on screen (the display watchdog).
    case displayCheck(token: Int)
}

/// The SDK's timers: one pending time per ``Job``, and one ticker task that sleeps on the clock
/// until the earliest of them. ``MarqueeCore`` owns it and runs the jobs that come due.
struct Timers: Sendable {
    private(set) var pending: [Job: Date] = [:]
    private var ticker: Task<Void, Never>?

    /// Whether `job` waits for its time.
    func isScheduled(_ job: Job) -> Bool { pending[job] != nil }

    /// Runs `job` at `date`; an earlier pending time for the same job is kept. Returns whether the
    /// schedule changed (then the ticker must be restarted).
    mutating func schedule(_ job: Job, at date: Date) -> Bool {
        if let existing = pending[job], existing <= date { return false }
        pending[job] = date
        return true
    }

    /// Forgets `job`. The ticker may still wake for it and find nothing due, which is harmless.
    mutating func cancel(_ job: Job) {
        pending[job] = nil
    }

    /// Removes and returns every job due at `now`.
    mutating func takeDue(at now: Date) -> [Job] {
        let due = pending.filter { $0.value <= now }.map(\.key)
        for job in due { pending[job] = nil }
        return due
    }

    /// Replaces the ticker with one that sleeps on `clock` until the earliest pending time, then calls `wake`.
    mutating func restartTicker(clock: any MarqueeClock, wake: @escaping @Sendable () async -> Void) {
        ticker?.cancel()
        guard let next = pending.values.min() else {
            ticker = nil
            return
        }
        ticker = Task {
            do { try await clock.sleep(until: next) } catch { return }
            await wake()
        }
    }

    /// Stops the ticker for good (the SDK instance is going away).
    func stop() {
        ticker?.cancel()
    }
}
