import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Runs ``ImpressionRetention`` in the background: shortly after start, then every hour.
struct ImpressionRetentionJob: LifecycleHandler {
    static let interval: TimeAmount = .hours(1)
    static let firstRunDelay: TimeAmount = .seconds(30)

    let retention: ImpressionRetention
    private let task = NIOLockedValueBox<RepeatedTask?>(nil)

    init(retention: ImpressionRetention) {
        self.retention = retention
    }

    func didBootAsync(_ application: Application) async throws {
        let retention = self.retention
        let logger = application.logger
        let eventLoop = application.eventLoopGroup.any()
        let repeated = eventLoop.scheduleRepeatedAsyncTask(initialDelay: Self.firstRunDelay, delay: Self.interval) { _ in
            eventLoop.makeFutureWithTask {
                do {
                    let retired = try await retention.sweep()
                    if retired > 0 {
                        logger.info("Retired raw impressions past retention", metadata: ["count": "\(retired)", "days": "\(retention.days)"])
                    }
                } catch {
                    // The next run retries; nothing is lost by waiting.
                    logger.error("Impression retention failed", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
        }
        task.withLockedValue { $0 = repeated }
    }

    func shutdownAsync(_ application: Application) async {
        task.withLockedValue { $0?.cancel() }
    }
}
