import NIOCore
import NIOPosix
import Vapor

/// The threads previews are rendered on: a small pool of its own, so however many previews are
/// in flight, event loops and the cooperative pool stay free to answer everything else
/// (`/healthz`, pings). Renders beyond the pool's size wait their turn.
///
/// Each render is bounded by the renderer's linear algorithms and by campaign validation's size
/// limits; a render cannot be interrupted once started.
final class RenderWorkers: Sendable {
    static let defaultThreads = 2

    private let pool: NIOThreadPool

    init(threads: Int = RenderWorkers.defaultThreads) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    /// Runs `work` on a worker thread; the result completes on `eventLoop`.
    func run<T: Sendable>(on eventLoop: any EventLoop, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(eventLoop: eventLoop, work).get()
    }

    func shutdown() async {
        try? await pool.shutdownGracefully()
    }
}

/// Stops the render workers with the application.
struct RenderWorkersLifecycle: LifecycleHandler {
    let workers: RenderWorkers

    func shutdownAsync(_ application: Application) async {
        await workers.shutdown()
    }
}
