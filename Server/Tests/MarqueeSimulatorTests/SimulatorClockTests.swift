import Foundation
@testable import MarqueeSimulator
import Testing

/// The simulator's clock: real time plus skipped time; a skip wakes the sleepers it passes.
@Suite struct SimulatorClockTests {
    @Test func aSkipMovesNow() {
        let clock = SimulatorClock()
        let before = clock.now

        clock.skip(3600)

        #expect(clock.now.timeIntervalSince(before) >= 3600)
    }

    @Test func aSkipWakesASleeperAnHourAway() async throws {
        let clock = SimulatorClock()
        let deadline = clock.now.addingTimeInterval(3600)
        let sleeper = Task { try await clock.sleep(until: deadline) }
        // Most often the sleeper waits by now, so the skip must wake it; if it does not wait yet,
        // its deadline has passed when it starts. Either way it returns without an hour of real time.
        try await Task.sleep(nanoseconds: 100_000_000)

        clock.skip(3601)

        let woke = await Self.ends(sleeper, within: 10)
        #expect(woke, "the skip should wake the sleeper; without it the sleeper waits an hour")
    }

    /// Whether `task` returns within `seconds` of real time. Past that bound the task is cancelled
    /// and the answer is `false`, so a sleeper the clock fails to wake fails the test instead of hanging it.
    static func ends(_ task: Task<Void, any Error>, within seconds: UInt64) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    try await task.value
                    return true
                } catch {
                    return false
                }
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: seconds * 1_000_000_000)
                return false
            }
            let first = await group.next() ?? false
            // The group waits for both children: the bound ends the one still running.
            task.cancel()
            group.cancelAll()
            return first
        }
    }
}
