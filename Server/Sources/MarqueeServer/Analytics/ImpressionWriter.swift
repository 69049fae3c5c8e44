import Foundation
import MarqueeWire
import SQLKit

/// Writes impression batches from concurrent requests together (``GroupCommit``): one disk sync
/// acknowledges many requests, each answered only once its batch is durable.
///
/// A batch already stored (a client's retry) is not stored again, also when both copies wait in
/// the same group. The same transaction keeps ``CampaignCounts`` and ``CampaignReach`` in step
/// with the impressions it stores, so statistics never scan impressions.
///
/// On a SQLite file the transactions run on a connection of their own (``SQLiteWriterConnection``).
struct ImpressionWriter: Sendable {
    /// One batch ready to store: its key and rows, built by ``ImpressionRecorder``.
    struct Batch: Sendable {
        var appID: UUID
        var key: String
        var receivedAt: Date
        var impressions: [Row]

        struct Row: Sendable {
            var campaignID: UUID
            var type: Int
            var occurredAt: Int64
            var userKey: String
            /// The user segments' history is kept for (``UserHistory``).
            var userID: String?
            var deviceID: String?
            var isTest: Bool
            /// The experiment arm (``ArmAttribution``); `""` without an experiment.
            var variant: String
            /// The ``ExperimentUnit`` key unique users are counted by.
            var unitKey: String
            /// The carousel page of a page view, from 0.
            var page: Int? = nil
        }
    }

    /// The most batches one transaction takes (100 impressions each at most).
    static let maxBatchesPerCommit = 64

    /// A batch with its rows built (ids included) before it queues, so the writer's thread, which
    /// every commit waits on, only stores them.
    private struct Prepared: Sendable {
        var batch: Batch
        var batchRow: [StoredValue]
        var impressionRows: [[StoredValue]]

        /// Stores the batches not stored before and names them: the unique (app_id, batch_key)
        /// index decides, also against a concurrent writer of another instance.
        static let batchInsert = RowInsert(table: ImpressionBatchRecord.schema, columns: ["id", "app_id", "batch_key", "received_at"],
                                           clause: "ON CONFLICT (app_id, batch_key) DO NOTHING RETURNING app_id, batch_key")
        static let impressionInsert = RowInsert(table: ImpressionRecord.schema,
                                                columns: ["id", "app_id", "campaign_id", "batch_id", "type", "occurred_at", "user_key",
                                                          "device_id", "is_test", "variant"])

        var identity: Identity { Identity(app_id: batch.appID, batch_key: batch.key) }

        /// A batch as the unique index knows it.
        struct Identity: Decodable, Hashable {
            var app_id: UUID
            var batch_key: String
        }

        init(_ batch: Batch) {
            // Time-ordered ids append to the primary-key indexes (see `UUID.timeOrdered`).
            let ids = UUID.timeOrdered(at: batch.receivedAt, count: 1 + batch.impressions.count)
            let batchID = ids[0]
            self.batch = batch
            batchRow = [.uuid(batchID), .uuid(batch.appID), .text(batch.key), .date(batch.receivedAt)]
            impressionRows = zip(ids.dropFirst(), batch.impressions).map { id, row in
                [.uuid(id), .uuid(batch.appID), .uuid(row.campaignID), .uuid(batchID),
                 .integer(row.type), .integer(Int(row.occurredAt)), .text(row.userKey), .text(row.deviceID), .bool(row.isTest),
                 .text(row.variant)]
            }
        }
    }

    private let group: GroupCommit<Prepared, Bool>

    init(transactions: any SQLWriteTransactions) {
        group = GroupCommit(maxPerCommit: Self.maxBatchesPerCommit, transactions: transactions,
                            reportWaiting: ServerMetrics.impressionBatchesWaiting, store: Self.commit)
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
    @Sendable private static func commit(_ prepared: [Prepared], transactions: any SQLWriteTransactions) async throws -> [Bool] {
        let started = ContinuousClock.now
        let result = try await transactions.writeTransaction { sql -> [Bool] in
            // Of a batch sent twice into one group, only the first copy is offered.
            var firstCopy: [Prepared.Identity: Int] = [:]
            for (index, batch) in prepared.enumerated() where firstCopy[batch.identity] == nil { firstCopy[batch.identity] = index }
            let offered = firstCopy.values.sorted().map { prepared[$0].batchRow }
            let inserted = Set(try await sql.run(Prepared.batchInsert, rows: offered, returning: Prepared.Identity.self))
            let stored = prepared.enumerated().map { index, batch in
                firstCopy[batch.identity] == index && inserted.contains(batch.identity)
            }

            var impressionRows: [[StoredValue]] = []
            var counts = CampaignCounts.Deltas()
            var exposures: [CampaignReach.Exposure] = []
            var history: [UserHistory.Entry] = []
            var pageViews: [CampaignPageViews.Key: Int] = [:]
            for (rows, isStored) in zip(prepared, stored) where isStored {
                let batch = rows.batch
                impressionRows += rows.impressionRows
                for row in batch.impressions {
                    if let page = row.page {
                        pageViews[CampaignPageViews.Key(appID: batch.appID, campaignID: row.campaignID, variant: row.variant, page: page,
                                                        isTest: row.isTest), default: 0] += 1
                    }
                    if let userID = row.userID, let action = UserHistory.action(forImpressionType: row.type) {
                        // A device clock ahead of the server's must not make history last longer.
                        history.append(UserHistory.Entry(appID: batch.appID, userID: userID, campaignID: row.campaignID, action: action,
                                                         at: min(row.occurredAt, batch.receivedAt.millis)))
                    }
                    guard let type = ImpressionTypeCode(rawValue: row.type), let metric = CountMetric(type) else { continue }
                    counts.add(1, of: metric, to: CampaignCounts.Key(appID: batch.appID, campaignID: row.campaignID, variant: row.variant,
                                                                     quarter: CampaignCounts.quarter(ofMillis: row.occurredAt),
                                                                     isTest: row.isTest))
                    if type == .impression {
                        exposures.append(CampaignReach.Exposure(appID: batch.appID, campaignID: row.campaignID, unitKey: row.unitKey,
                                                                userKey: row.userKey, variant: row.variant,
                                                                occurredAt: row.occurredAt, isTest: row.isTest))
                    }
                }
            }
            try await sql.run(Prepared.impressionInsert, rows: impressionRows)
            let receivedAt = prepared.map(\.batch.receivedAt).max() ?? Date()
            counts.add(try await CampaignReach.record(exposures, receivedAt: receivedAt, on: sql))
            try await CampaignCounts.add(counts, on: sql)
            try await UserHistory.record(history, on: sql)
            try await CampaignPageViews.add(pageViews, on: sql)
            return stored
        }
        ServerMetrics.impressionsCommitted(batches: prepared.count, duration: ContinuousClock.now - started)
        return result
    }
}
