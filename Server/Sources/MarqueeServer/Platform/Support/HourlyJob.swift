import Fluent
import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Runs background upkeep (impression retention, the App Inbox purge) shortly after start, then
/// every hour, until the server stops. A failed run is logged and the next one retries: what the
/// jobs remove is only kept a little longer by waiting.
struct HourlyJob: LifecycleHandler {
    static let interval: TimeAmount = .hours(1)
    static let firstRunDelay: TimeAmount = .seconds(30)

    /// Names the job in the log when a run fails.
    let name: String
    /// One run; it logs what it did.
    let run: @Sendable (Logger) async throws -> Void
    private let task = NIOLockedValueBox<RepeatedTask?>(nil)

    init(_ name: String, run: @escaping @Sendable (Logger) async throws -> Void) {
        self.name = name
        self.run = run
    }

    func didBootAsync(_ application: Application) async throws {
        let (name, run, logger) = (self.name, self.run, application.logger)
        let eventLoop = application.eventLoopGroup.any()
        let repeated = eventLoop.scheduleRepeatedAsyncTask(initialDelay: Self.firstRunDelay, delay: Self.interval) { _ in
            eventLoop.makeFutureWithTask {
                do {
                    try await run(logger)
                } catch {
                    logger.error("\(name) failed", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
        }
        task.withLockedValue { $0 = repeated }
    }

    func shutdownAsync(_ application: Application) async {
        task.withLockedValue { $0?.cancel() }
    }
}

extension HourlyJob {
    /// Removes events past the event log's retention.
    static func eventRetention(days: Int, database: any Database, clock: any ServerClock) -> HourlyJob {
        HourlyJob("Event retention") { logger in
            let removed = try await EventLog.prune(storedBefore: clock.nowMillis - Int64(days) * 86_400_000, on: try database.sql())
            if removed > 0 { logger.info("Removed events past retention", metadata: ["rows": "\(removed)", "days": "\(days)"]) }
        }
    }

    /// Removes webhook deliveries delivered longer ago than `days`, with their attempts.
    static func webhookDeliveryRetention(days: Int, store: WebhookStore) -> HourlyJob {
        HourlyJob("Webhook delivery retention") { logger in
            let removed = try await store.prune(deliveredBefore: store.clock.nowMillis - Int64(days) * 86_400_000)
            if removed > 0 { logger.info("Removed webhook deliveries past retention", metadata: ["count": "\(removed)", "days": "\(days)"]) }
        }
    }

    /// Retires raw impressions past the retention period into daily totals. History past it goes
    /// too, so the history held for pings is dropped (every instance runs the job).
    static func impressionRetention(_ retention: ImpressionRetention, changes: UserChanges) -> HourlyJob {
        HourlyJob("Impression retention") { logger in
            let retired = try await retention.sweep()
            changes.history.forgetAll()
            if retired > 0 {
                logger.info("Retired raw impressions past retention", metadata: ["count": "\(retired)", "days": "\(retention.days)"])
            }
        }
    }

    /// Removes App Inbox deletion markers and expired copies past 30 days. Every instance runs it;
    /// on a shared database each row is removed once (one removed first is not there to count).
    static func inboxPurge(_ purge: InboxPurge) -> HourlyJob {
        HourlyJob("App Inbox purge") { logger in
            let removed = try await purge.purge()
            if !removed.isEmpty {
                logger.info("Purged App Inbox deletion markers and expired copies past 30 days", metadata: [
                    "markers": "\(removed.markers)", "expiredCopies": "\(removed.expiredCopies)", "messages": "\(removed.messages)",
                ])
            }
        }
    }

    /// Removes campaign lists that no ping names any more (``CampaignListStore/prune(before:on:)``).
    static func campaignListPrune(database: any Database, clock: any ServerClock) -> HourlyJob {
        HourlyJob("Campaign list prune") { logger in
            let removed = try await CampaignListStore.prune(before: clock.nowMillis - CampaignListStore.keptAfterReplaced,
                                                            on: try database.sql())
            if removed > 0 { logger.info("Removed campaign lists of replaced catalogs", metadata: ["count": "\(removed)"]) }
        }
    }
}
