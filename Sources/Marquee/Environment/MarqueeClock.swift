import Foundation

/// The time source the SDK reads and waits on. Every timing rule (display interval, re-eligibility,
/// expiry, ping schedule, backoff) goes through it, so tests control time with ``ManualClock``.
public protocol MarqueeClock: Sendable {
    /// The current time.
    var now: Date { get }
    /// Suspends until `deadline` (or throws `CancellationError` when the task is cancelled).
    func sleep(until deadline: Date) async throws
}

/// The system clock.
public struct SystemClock: MarqueeClock {
    /// Creates the system clock.
    public init() {}

    /// The current system time.
    public var now: Date { Date() }

    /// Sleeps with `Task.sleep` until `deadline`.
    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        if seconds > 0 { try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
    }
}

/// A clock that moves only when told to: for tests and previews.
///
/// Sleepers wake when ``advance(by:)`` or ``set(to:)`` passes their deadline.
// @unchecked Sendable: every stored property is read and written only while `lock` is held.
public final class ManualClock: MarqueeClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var sleepers: [Int: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var nextSleeper = 0

    /// Creates a clock that reads `start` until moved.
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    /// The clock's current time.
    public var now: Date { lock.locked { current } }

    /// Moves the clock forward by `seconds` and wakes the sleepers whose deadline has passed.
    public func advance(by seconds: TimeInterval) {
        set(to: now.addingTimeInterval(seconds))
    }

    /// Sets the clock to `date` and wakes the sleepers whose deadline has passed.
    public func set(to date: Date) {
        let due: [CheckedContinuation<Void, any Error>] = lock.locked {
            current = date
            let ready = sleepers.filter { $0.value.deadline <= date }
            for key in ready.keys { sleepers[key] = nil }
            return ready.map(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Suspends until the clock reaches `deadline`.
    public func sleep(until deadline: Date) async throws {
        let id: Int = lock.locked { nextSleeper += 1; return nextSleeper }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = lock.locked {
                    if current >= deadline || Task.isCancelled { return true }
                    sleepers[id] = (deadline, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let continuation = lock.locked { sleepers.removeValue(forKey: id)?.continuation }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
