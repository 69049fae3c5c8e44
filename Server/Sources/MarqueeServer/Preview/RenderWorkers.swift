import NIOCore
import NIOPosix
import Vapor

/// The threads previews are rendered on: a small pool of its own, so however many previews are
/// in flight, event loops and the cooperative pool stay free to answer everything else
/// (`/healthz`, pings). Renders beyond the pool's size wait their turn.
///
/// A render is bounded by the renderer's linear algorithms and by campaign validation's size
/// limits, and cannot be interrupted once started. What is bounded here is the wait before it:
/// a render whose client has gone by the time a worker is free is skipped, and one that waited
/// longer than ``queueBudget`` is refused (503), so a burst cannot pile up unbounded work.
final class RenderWorkers: Sendable {
    static let defaultThreads = 2
    /// The longest a render may wait for a worker.
    static let defaultQueueBudget: TimeInterval = 10

    private let pool: NIOThreadPool
    private let clock: any ServerClock
    let queueBudget: TimeInterval

    init(threads: Int = RenderWorkers.defaultThreads, clock: any ServerClock, queueBudget: TimeInterval = RenderWorkers.defaultQueueBudget) {
        pool = NIOThreadPool(numberOfThreads: threads)
        self.clock = clock
        self.queueBudget = queueBudget
        pool.start()
    }

    /// Runs `work` on a worker thread; the result completes on `eventLoop`. `isWanted` is asked
    /// when a worker takes the render: false skips it with `CancellationError`.
    func run<T: Sendable>(on eventLoop: any EventLoop, isWanted: @escaping @Sendable () -> Bool = { true },
                          _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let startBy = clock.now().addingTimeInterval(queueBudget)
        let clock = self.clock
        return try await pool.runIfActive(eventLoop: eventLoop) {
            guard isWanted() else { throw CancellationError() }
            guard clock.now() <= startBy else { throw APIError.renderBusy }
            return try work()
        }.get()
    }

    func shutdown() async {
        try? await pool.shutdownGracefully()
    }
}

extension APIError {
    /// Renders waited too long for a worker; nothing was rendered.
    static let renderBusy = APIError(.serviceUnavailable, code: .renderBusy,
                                     "too many previews are rendering; retry shortly", headers: ["Retry-After": "2"])
}

/// Stops the render workers with the application.
struct RenderWorkersLifecycle: LifecycleHandler {
    let workers: RenderWorkers

    func shutdownAsync(_ application: Application) async {
        await workers.shutdown()
    }
}
