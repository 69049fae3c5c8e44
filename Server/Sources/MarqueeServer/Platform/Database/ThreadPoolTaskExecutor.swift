import NIOPosix

/// Runs the jobs of the tasks that prefer it on a one-thread `NIOThreadPool`, the same pool a
/// SQLite connection runs its statements on: a task that awaits a statement is resumed on the
/// thread that ran it, without a thread switch either way or a wait behind other tasks' jobs.
@available(macOS 15.0, iOS 18.0, *)
final class ThreadPoolTaskExecutor: TaskExecutor {
    private let threadPool: NIOThreadPool

    init(threadPool: NIOThreadPool) {
        self.threadPool = threadPool
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // A job runs even once the pool is shutting down: its task would otherwise never finish.
        threadPool.submit { _ in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
