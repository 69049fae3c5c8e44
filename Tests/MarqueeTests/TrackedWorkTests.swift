@testable import Marquee
import Testing

/// Tracked work: what the SDK started and has not seen finish.
@Suite struct TrackedWorkTests {
    @Test func workIsTrackedFromItsStartToItsEnd() async {
        var work = TrackedWork()
        #expect(work.isEmpty)
        let first = work.nextID()
        let second = work.nextID()
        #expect(first != second)
        work.started(first, Task {})
        work.started(second, Task {})
        #expect(work.tasks.count == 2)
        work.finished(first)
        #expect(work.tasks.count == 1 && !work.isEmpty)
        for task in work.tasks { await task.value }
        work.finished(second)
        #expect(work.isEmpty)
    }
}
