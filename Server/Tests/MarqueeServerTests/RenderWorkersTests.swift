import Foundation
@testable import MarqueeServer
import NIOConcurrencyHelpers
import NIOPosix
import Testing

/// Renders wait for a worker within a budget, and are skipped once their client has gone.
@Suite("Render workers")
struct RenderWorkersTests {
    /// A manual clock that counts how often it is read, so a test knows when a render was queued.
    final class CountingClock: ServerClock {
        let base = ManualServerClock()
        let reads = NIOLockedValueBox(0)

        func now() -> Date {
            reads.withLockedValue { $0 += 1 }
            return base.now()
        }

        func waitForReads(_ count: Int) async {
            while reads.withLockedValue({ $0 }) < count { await Task.yield() }
        }
    }

    private let loop = MultiThreadedEventLoopGroup.singleton.any()

    @Test func aRenderWhoseClientHasGoneIsNotRun() async throws {
        let workers = RenderWorkers(threads: 1, clock: ManualServerClock())
        let ran = NIOLockedValueBox(false)
        await #expect(throws: CancellationError.self) {
            try await workers.run(on: loop, isWanted: { false }) { ran.withLockedValue { $0 = true } }
        }
        #expect(!ran.withLockedValue { $0 })
        #expect(try await workers.run(on: loop, isWanted: { true }) { 42 } == 42)
        await workers.shutdown()
    }

    @Test func aRenderThatWaitedPastItsBudgetIsRefused() async throws {
        let clock = CountingClock()
        let workers = RenderWorkers(threads: 1, clock: clock, queueBudget: 10)
        let gate = NIOLockedValueBox(false)
        // The only worker is busy until the gate opens.
        let first = Task { try await workers.run(on: loop) { while !gate.withLockedValue({ $0 }) { usleep(1_000) }; return 1 } }
        await clock.waitForReads(2)     // queued, then started
        let second = Task { try await workers.run(on: loop) { 2 } }
        await clock.waitForReads(3)     // queued behind the first
        clock.base.advance(by: 11)
        gate.withLockedValue { $0 = true }
        #expect(try await first.value == 1)
        await #expect(throws: APIError.renderBusy) { try await second.value }

        let third = try await workers.run(on: loop) { 3 }
        #expect(third == 3, "a render queued after the wait starts its own budget")
        await workers.shutdown()
    }
}
