import Foundation
@testable import Marquee
import Testing

/// The timers' bookkeeping: one pending time per job, the earliest kept, due jobs taken once.
@Suite struct TimersTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anEarlierPendingTimeIsKept() {
        var timers = Timers()

        let first = timers.schedule(.ping, at: t0.addingTimeInterval(10))
        let later = timers.schedule(.ping, at: t0.addingTimeInterval(20))
        let earlier = timers.schedule(.ping, at: t0.addingTimeInterval(5))

        #expect(first && !later && earlier)
        #expect(timers.pending[.ping] == t0.addingTimeInterval(5))
    }

    @Test func dueJobsAreTakenOnceAndLaterOnesStay() {
        var timers = Timers()
        _ = timers.schedule(.ping, at: t0)
        _ = timers.schedule(.save, at: t0.addingTimeInterval(1))
        _ = timers.schedule(.tooltipTimeout(token: 3), at: t0.addingTimeInterval(-1))

        let due = timers.takeDue(at: t0)
        let again = timers.takeDue(at: t0)

        #expect(Set(due) == [.ping, .tooltipTimeout(token: 3)])
        #expect(again.isEmpty)
        #expect(timers.isScheduled(.save))
        timers.cancel(.save)
        #expect(!timers.isScheduled(.save))
    }
}
