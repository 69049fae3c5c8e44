import Foundation
import Marquee

/// The simulated device's clock: the system's time plus the time skipped with `wait`, so a
/// script can leave the app in the background for 31 minutes in an instant.
///
/// Sleepers wake at their deadline in real time, or at once when a skip passes it.
// @unchecked Sendable: every stored property is read and written only while `lock` is held.
final class SimulatorClock: MarqueeClock, @unchecked Sendable {
    private let lock = NSLock()
    private var skipped: TimeInterval = 0
    private var sleepers: [Int: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var nextSleeper = 0

    init() {}

    var now: Date { lock.withLock { Date().addingTimeInterval(skipped) } }

    /// Moves the clock `seconds` ahead of real time and wakes the sleepers whose deadline it passes.
    func skip(_ seconds: TimeInterval) {
        lock.withLock { skipped += max(0, seconds) }
        wakeDue()
    }

    func sleep(until deadline: Date) async throws {
        let id: Int = lock.withLock { nextSleeper += 1; return nextSleeper }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wait: TimeInterval? = lock.withLock {
                    let remaining = deadline.timeIntervalSince(Date().addingTimeInterval(skipped))
                    if remaining <= 0 || Task.isCancelled { return nil }
                    sleepers[id] = (deadline, continuation)
                    return remaining
                }
                guard let wait else { return continuation.resume() }
                // The real-time wake; a skip may have woken the sleeper before it.
                Task { [weak self] in
                    try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
                    self?.wakeDue()
                }
            }
            try Task.checkCancellation()
        } onCancel: {
            let continuation = lock.withLock { sleepers.removeValue(forKey: id)?.continuation }
            continuation?.resume(throwing: CancellationError())
        }
    }

    private func wakeDue() {
        let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
            let current = Date().addingTimeInterval(skipped)
            let ready = sleepers.filter { $0.value.deadline <= current }
            for key in ready.keys { sleepers[key] = nil }
            return ready.map(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}
