import Foundation

/// Jobs on the clock and tracked work: the ticker wakes the actor when a job is due, and every
/// piece of background work is tracked so ``MarqueeCore/settle()`` can wait for it.
extension MarqueeCore {
    /// Runs `work` as a tracked task, so ``settle()`` can wait for it.
    func track(_ work: @escaping @Sendable (isolated MarqueeCore) async -> Void) {
        let id = inFlight.nextID()
        // The task runs on this actor, so it cannot finish before it is noted as started.
        inFlight.started(id, Task {
            await work(self)
            self.inFlight.finished(id)
        })
    }

    /// Runs `job` at `date`; an earlier pending time for the same job is kept.
    func schedule(_ job: Job, at date: Date) {
        if timers.schedule(job, at: date) { restartTicker() }
    }

    private func restartTicker() {
        timers.restartTicker(clock: environment.clock) { [weak self] in await self?.tick() }
    }

    /// The ticker woke: runs what is due, then sleeps until the next timer. (The timer it slept for
    /// may have been removed meanwhile, leaving nothing due but later timers still pending.)
    private func tick() {
        runDueTimers()
        restartTicker()
    }

    /// Starts every job whose time has come.
    func runDueTimers() {
        let due = timers.takeDue(at: now)
        guard !due.isEmpty else { return }
        restartTicker()
        for job in due {
            switch job {
            case .config: track { await $0.fetchConfig() }
            case .ping: track { await $0.ping() }
            case .flushOutbox: track { await $0.flushOutbox() }
            case .processQueue: startQueue()
            case .save: saveBucket()
            case .liveConnect: updateLiveChannel()
            case .flushDebug: track { await $0.flushDebug() }
            case .tooltipTimeout(let token): track { await $0.tooltipTimedOut(token: token) }
            case .displayCheck(let token): track { await $0.checkDisplay(token: token) }
            }
        }
    }

    /// The backoff before retry number `attempt`, with the environment's jitter.
    func retryDelay(_ attempt: Int) -> TimeInterval {
        backoff.delay(attempt: attempt, unit: environment.random.unit())
    }
}
