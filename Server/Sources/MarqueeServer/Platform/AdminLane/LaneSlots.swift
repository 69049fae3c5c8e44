import Foundation
import NIOConcurrencyHelpers

/// A bounded number of places, taken in arrival order; a taker that waits longer than its bound
/// gives up. ``AdminLane`` keeps its jobs to a few at a time with it.
final class LaneSlots: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var free: Int
        var waiters: [Waiter] = []
        /// Takers about to be queued; one that gives up meanwhile is taken out, and so is never queued.
        var arriving: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    let capacity: Int
    private let state: NIOLockedValueBox<State>

    init(capacity: Int) {
        precondition(capacity > 0, "a lane needs at least one place")
        self.capacity = capacity
        state = NIOLockedValueBox(State(free: capacity))
    }

    /// Places in use and takers waiting, for metrics and readiness.
    var load: (busy: Int, waiting: Int) {
        state.withLockedValue { (capacity - $0.free, $0.waiters.count) }
    }

    /// Takes a place, waiting at most `bound`; false when none freed up in time (or the task was
    /// cancelled). A true answer must be matched by one ``release()``.
    func acquire(waitingAtMost bound: Duration) async -> Bool {
        let id: UInt64? = state.withLockedValue { state in
            if state.free > 0 {
                state.free -= 1
                return nil
            }
            state.nextID += 1
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        guard let id else { return true }
        let timeout = Task {
            try await Task.sleep(for: bound)
            self.giveUp(id)
        }
        defer { timeout.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // A taker that gave up before it was even queued answers at once.
                let queued = state.withLockedValue { state in
                    guard state.arriving.remove(id) != nil else { return false }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return true
                }
                if !queued { continuation.resume(returning: false) }
            }
        } onCancel: {
            self.giveUp(id)
        }
    }

    /// Hands the place to the longest waiter, or frees it.
    func release() {
        let next: Waiter? = state.withLockedValue { state in
            guard !state.waiters.isEmpty else {
                state.free = min(state.free + 1, capacity)
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }

    private func giveUp(_ id: UInt64) {
        let waiter: Waiter? = state.withLockedValue { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                state.arriving.remove(id)
                return nil
            }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }
}
