import Foundation
import MarqueeWire
import SQLKit

/// Writes impression batches from concurrent requests together: each transaction commits every
/// batch waiting at that moment (group commit), so one disk sync acknowledges many requests.
/// A request is answered only once the transaction holding its batch has committed.
///
/// A batch already stored (a client's retry) is not stored again, also when both copies wait in
/// the same group. The same transaction keeps ``CampaignCounts`` and ``CampaignReach`` in step
/// with the impressions it stores, so statistics never scan impressions. If a group's
/// transaction fails, its batches are written one by one, so one bad batch never fails the others.
///
/// On a SQLite file the transactions run on a connection of their own (``SQLiteWriterConnection``).
actor ImpressionWriter {
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
            var deviceID: String?
            var isTest: Bool
            /// The experiment arm (``ArmAttribution``); `""` without an experiment.
            var variant: String
            /// The ``ExperimentUnit`` key unique users are counted by.
            var unitKey: String
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
            let batchID = UUID.timeOrdered(at: batch.receivedAt)
            self.batch = batch
            batchRow = [.uuid(batchID), .uuid(batch.appID), .text(batch.key), .date(batch.receivedAt)]
            impressionRows = batch.impressions.map { row in
                [.uuid(UUID.timeOrdered(at: batch.receivedAt)), .uuid(batch.appID), .uuid(row.campaignID), .uuid(batchID),
                 .integer(row.type), .integer(Int(row.occurredAt)), .text(row.userKey), .text(row.deviceID), .bool(row.isTest),
                 .text(row.variant)]
            }
        }
    }

    private struct Waiting {
        var batch: Prepared
        var continuation: CheckedContinuation<Bool, any Error>
    }

    private let transactions: any SQLWriteTransactions
    private var queue: [Waiting] = [] {
        didSet { ServerMetrics.impressionBatchesWaiting(queue.count) }
    }
    private var draining = false
    /// How many transactions were committed, and how many batches they held (`marquee-bench`-free
    /// evidence that commits are shared).
    private(set) var commits = 0

    init(transactions: any SQLWriteTransactions) {
        self.transactions = transactions
    }

    /// Stores `batch`; returns `false` when it had been stored before.
    nonisolated func write(_ batch: Batch) async throws -> Bool {
        try await enqueue(Prepared(batch))
    }

    private func enqueue(_ batch: Prepared) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            queue.append(Waiting(batch: batch, continuation: continuation))
            if !draining {
                draining = true
                startDraining()
            }
        }
    }

    /// Drains on the transactions' own executor where they have one: between two commits the
    /// loop then waits for no thread that request handling keeps busy.
    private func startDraining() {
        if #available(macOS 15.0, iOS 18.0, *), let executor = transactions.taskExecutor {
            Task(executorPreference: executor) { await self.drain() }
        } else {
            Task { await self.drain() }
        }
    }

    private func drain() async {
        while !queue.isEmpty {
            let group = Array(queue.prefix(Self.maxBatchesPerCommit))
            queue.removeFirst(group.count)
            do {
                let stored = try await commit(group.map(\.batch))
                for (waiting, wasStored) in zip(group, stored) { waiting.continuation.resume(returning: wasStored) }
            } catch {
                for waiting in group {
                    do {
                        waiting.continuation.resume(returning: try await commit([waiting.batch])[0])
                    } catch {
                        waiting.continuation.resume(throwing: error)
                    }
                }
            }
        }
        draining = false
    }

    /// Stores `prepared` in one transaction; for each, whether it was new.
    private func commit(_ prepared: [Prepared]) async throws -> [Bool] {
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
            for (rows, isStored) in zip(prepared, stored) where isStored {
                let batch = rows.batch
                impressionRows += rows.impressionRows
                for row in batch.impressions {
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
            return stored
        }
        commits += 1
        ServerMetrics.impressionsCommitted(batches: prepared.count, duration: ContinuousClock.now - started)
        return result
    }
}
