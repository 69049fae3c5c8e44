@testable import MarqueeServer
import NIOConcurrencyHelpers
import Testing

/// Readiness answers within its bound even when the database never answers.
@Suite struct ReadinessBoundTests {
    @Test(.timeLimit(.minutes(1)))
    func aQueryThatDoesNotEndIsAnsweredAsTimedOutBeforeItEnds() async throws {
        // A query on a black-holed connection: deaf to cancellation, it ends only when released.
        let release = NIOLockedValueBox<CheckedContinuation<Void, Never>?>(nil)
        let ended = NIOLockedValueBox(false)
        await #expect(throws: Readiness.TimedOut.self) {
            try await Readiness.within(.milliseconds(50)) { () async throws -> Int in
                await withCheckedContinuation { continuation in release.withLockedValue { $0 = continuation } }
                ended.withLockedValue { $0 = true }
                return 0
            }
        }
        #expect(!ended.withLockedValue { $0 }, "the answer did not wait for the query")
        while release.withLockedValue({ $0 }) == nil { await Task.yield() }
        release.withLockedValue { $0?.resume() }
        #expect(try await Readiness.within(.seconds(60)) { 42 } == 42)
    }
}
