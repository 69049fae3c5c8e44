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

        // Whether the sleeper waits already (the skip wakes it) or not yet (its deadline has
        // passed), it returns without an hour of real time.
        clock.skip(3601)

        try await sleeper.value
    }
}
