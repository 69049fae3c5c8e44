import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Runs ``InboxPurge`` in the background: shortly after start, then every hour. Every server
/// runs it; on a shared PostgreSQL database several instances purging at once remove each row
/// once (a row another instance removed first is simply not there to count).
struct InboxPurgeJob: LifecycleHandler {
    static let interval: TimeAmount = .hours(1)
    static let firstRunDelay: TimeAmount = .seconds(30)

    let purge: InboxPurge
    private let task = NIOLockedValueBox<RepeatedTask?>(nil)

    init(purge: InboxPurge) {
        self.purge = purge
    }

    func didBootAsync(_ application: Application) async throws {
        let purge = self.purge
        let logger = application.logger
        let eventLoop = application.eventLoopGroup.any()
        let repeated = eventLoop.scheduleRepeatedAsyncTask(initialDelay: Self.firstRunDelay, delay: Self.interval) { _ in
            eventLoop.makeFutureWithTask {
                do {
                    let removed = try await purge.purge()
                    if !removed.isEmpty {
                        logger.info("Purged App Inbox deletion markers and expired copies past 30 days", metadata: [
                            "markers": "\(removed.markers)", "expiredCopies": "\(removed.expiredCopies)",
                            "messages": "\(removed.messages)",
                        ])
                    }
                } catch {
                    // The next run retries; until then old markers are only kept a little longer.
                    logger.error("App Inbox purge failed", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
        }
        task.withLockedValue { $0 = repeated }
    }

    func shutdownAsync(_ application: Application) async {
        task.withLockedValue { $0?.cancel() }
    }
}
