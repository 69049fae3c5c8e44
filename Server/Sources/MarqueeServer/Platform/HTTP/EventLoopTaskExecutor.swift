import NIOConcurrencyHelpers
import NIOCore

/// Runs a task's jobs on one event loop. A request's task that prefers the event loop its
/// connection is served on runs there from start to end, actors without executors of their own
/// included, instead of moving to the global pool and back: on a busy server those two hand-offs
/// per request cost more than answering a ping. Work in a request's task must therefore never
/// block (slow work has threads of its own: password hashing, previews, the SQLite writer).
final class EventLoopTaskExecutor: TaskExecutor {
    private let eventLoop: any EventLoop

    private init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// One executor per event loop, kept for the life of the process (a server has a few loops).
    private static let byLoop = NIOLockedValueBox([ObjectIdentifier: EventLoopTaskExecutor]())

    static func of(_ eventLoop: any EventLoop) -> EventLoopTaskExecutor {
        byLoop.withLockedValue { executors in
            if let executor = executors[ObjectIdentifier(eventLoop)] { return executor }
            let executor = EventLoopTaskExecutor(eventLoop)
            executors[ObjectIdentifier(eventLoop)] = executor
            return executor
        }
    }
}
