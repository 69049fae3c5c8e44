import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Writes a heartbeat to every live channel at an interval, from ``start(on:)`` until the server
/// stops: proxies and mobile networks end connections that stay quiet, and a write finds clients
/// that went away.
struct LiveHeartbeat: LifecycleHandler {
    private let task: RepeatedTask

    /// Starts the heartbeat at once: channels may open as soon as the server listens.
    static func start(hub: LiveHub, seconds: Int, on eventLoop: any EventLoop) -> LiveHeartbeat {
        let interval = TimeAmount.seconds(Int64(seconds))
        return LiveHeartbeat(task: eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in hub.heartbeat() })
    }

    private init(task: RepeatedTask) {
        self.task = task
    }

    func shutdownAsync(_ application: Application) async {
        task.cancel()
    }
}
