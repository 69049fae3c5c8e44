import Foundation
import MarqueeWire
import SQLKit

/// Writes impression batches from concurrent requests together (``GroupCommit``): one disk sync
/// acknowledges many requests, each answered only once its batch is durable.
///
/// A batch already stored (a client's retry) is not stored again, also when both copies wait in
/// the same group. The same transaction keeps ``CampaignCounts`` and ``CampaignReach`` in step
/// with the impressions it stores, so statistics never scan impressions.
/// Each batch is one row (``ImpressionEvents``).
///
/// On a SQLite file the transactions run on a connection of their own (``SQLiteWriterConnection``).
struct ImpressionWriter: Sendable {
    /// One batch ready to store: one display's events of one campaign, built by ``ImpressionRecorder``.
    struct Batch: Sendable {
        var appID: UUID
        var key: String
        var receivedAt: Date
        var campaignID: UUID
        var userKey: String
        /// The user segments' history is kept for (``UserHistory``).
        var userID: String?
        var deviceID: String?
        var isTest: Bool
        /// The experiment arm (``ArmAttribution``); `""` without an experiment.
        var variant: String
        /// The ``ExperimentUnit`` key unique users are counted by.
        var unitKey: String
        var events: [ImpressionEvents.Event]
        /// The placement the campaign fills, for its events in the log.
        var placement: String? = nil

        /// When the batch is counted: at its first event. A batch is one display, so its clicks
        /// count with its impression, and a batch adds to one row of ``CampaignCounts`` however
        /// its device spreads the times.
        var countedAt: Int64 {
            events.map(\.occurredAt).min() ?? receivedAt.millis
        }
    }

    /// The most batches one transaction takes (100 impressions each at most).
    static let maxBatchesPerCommit = 64

    /// A batch with its row built before it queues, so the writer's thread, which every commit
    /// waits on, only stores it.
    private struct Prepared: Sendable {
        var batch: Batch
        var row: [StoredValue]

        /// Stores the batches not stored before and names them: the unique (app_id, batch_key)
        /// index decides, also against a concurrent writer of another instance. The row holds the
        /// batch's events (``ImpressionEvents``), naming its user and device once.
        static let insert = RowInsert(table: ImpressionBatchRecord.schema,
                                      columns: ["id", "app_id", "batch_key", "received_at", "campaign_id", "user_key", "device_id",
                                                "is_test", "variant", "events"],
                                      clause: "ON CONFLICT (app_id, batch_key) DO NOTHING RETURNING app_id, batch_key")

        var identity: Identity { Identity(app_id: batch.appID, batch_key: batch.key) }

        /// A batch as the unique index knows it.
        struct Identity: Decodable, Hashable {
            var app_id: UUID
            var batch_key: String
        }

        init(_ batch: Batch) {
            self.batch = batch
            // Time-ordered ids append to the primary-key index (see `UUID.timeOrdered`).
            row = [.uuid(UUID.timeOrdered(at: batch.receivedAt, count: 1)[0]), .uuid(batch.appID), .text(batch.key),
                   .date(batch.receivedAt), .uuid(batch.campaignID), .text(batch.userKey), .text(batch.deviceID),
                   .bool(batch.isTest), .text(batch.variant), .bytes(ImpressionEvents(batch.events).packed)]
        }
    }

    private let group: GroupCommit<Prepared, Bool>

    /// `changes` hears of the users whose history a commit moved (``UserHistory``).
    init(transactions: any SQLWriteTransactions, changes: UserChanges) {
        group = GroupCommit(maxPerCommit: Self.maxBatchesPerCommit, transactions: transactions,
                            reportWaiting: ServerMetrics.impressionBatchesWaiting) { prepared, transactions in
            try await Self.commit(prepared, transactions: transactions, changes: changes)
        }
    }

    /// Stores `batch`; returns `false` when it had been stored before.
    func write(_ batch: Batch) async throws -> Bool {
        try await group.submit(Prepared(batch))
    }

    /// How many transactions have committed (evidence for tests that commits are shared).
    var commits: Int {
        get async { await group.commits }
    }

    /// Stores `prepared` in one transaction; for each, whether it was new.
    private static func commit(_ prepared: [Prepared], transactions: any SQLWriteTransactions,
                               changes: UserChanges) async throws -> [Bool] {
        let started = ContinuousClock.now
        let (result, users) = try await transactions.writeTransaction { sql -> ([Bool], [KeyDigest]) in
            // Of a batch sent twice into one group, only the first copy is offered.
            var firstCopy: [Prepared.Identity: Int] = [:]
            for (index, batch) in prepared.enumerated() where firstCopy[batch.identity] == nil { firstCopy[batch.identity] = index }
            let offered = firstCopy.values.sorted().map { prepared[$0].row }
            let inserted = Set(try await sql.run(Prepared.insert, rows: offered, returning: Prepared.Identity.self))
            let stored = prepared.enumerated().map { index, batch in
                firstCopy[batch.identity] == index && inserted.contains(batch.identity)
            }

            var counts = CampaignCounts.Deltas()
            var exposures: [CampaignReach.Exposure] = []
            var history: [UserHistory.Entry] = []
            var pageViews: [CampaignPageViews.Key: Int] = [:]
            var logged: [EventLog.Entry] = []
            for (prepared, isStored) in zip(prepared, stored) where isStored {
                let batch = prepared.batch
                logged += batch.events.compactMap { ImpressionEventEntry.entry(for: $0, of: batch) }
                let countKey = CampaignCounts.Key(appID: batch.appID, campaignID: batch.campaignID, variant: batch.variant,
                                                  quarter: CampaignCounts.quarter(ofMillis: batch.countedAt), isTest: batch.isTest)
                for event in batch.events {
                    if let page = event.page {
                        pageViews[CampaignPageViews.Key(appID: batch.appID, campaignID: batch.campaignID, variant: batch.variant, page: page,
                                                        isTest: batch.isTest), default: 0] += 1
                    }
                    if let userID = batch.userID, let action = UserHistory.action(forImpressionType: event.type) {
                        // A device clock ahead of the server's must not make history last longer.
                        history.append(UserHistory.Entry(appID: batch.appID, userID: userID, campaignID: batch.campaignID, action: action,
                                                         at: min(event.occurredAt, batch.receivedAt.millis)))
                    }
                    if let metric = CountMetric(event.type) { counts.add(1, of: metric, to: countKey) }
                }
                if batch.events.contains(where: { $0.type == .impression }) {
                    exposures.append(CampaignReach.Exposure(countKey: countKey, unit: KeyDigest(batch.unitKey), firstAt: batch.countedAt))
                }
            }
            let receivedAt = prepared.map(\.batch.receivedAt).max() ?? Date()
            counts.add(try await CampaignReach.record(exposures, receivedAt: receivedAt, on: sql))
            try await CampaignCounts.add(counts, on: sql)
            let users = try await UserHistory.record(history, on: sql, changes: changes)
            try await CampaignPageViews.add(pageViews, on: sql)
            try await EventLog.append(logged, on: sql)
            return (stored, users)
        }
        changes.committed(users)
        ServerMetrics.impressionsCommitted(batches: prepared.count, duration: ContinuousClock.now - started)
        return result
    }
}
