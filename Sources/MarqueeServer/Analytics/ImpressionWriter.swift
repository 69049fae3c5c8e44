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

        static let batchColumns = ["id", "app_id", "batch_key", "received_at"]
        static let impressionColumns = ["id", "app_id", "campaign_id", "batch_id", "type", "occurred_at", "user_key", "device_id",
                                        "is_test", "variant"]

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
                Task { await self.drain() }
            }
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

    private struct ExistingKey: Decodable {
        var app_id: UUID
        var batch_key: String
    }

    /// Stores `batches` in one transaction; for each, whether it was new.
    private func commit(_ prepared: [Prepared]) async throws -> [Bool] {
        let batches = prepared.map(\.batch)
        let started = ContinuousClock.now
        let result = try await transactions.writeTransaction { sql -> [Bool] in
            // Both columns of the unique (app_id, batch_key) index, so the lookup uses it rather
            // than reading every batch ever stored.
            let existing = try await sql.select().columns("app_id", "batch_key").from(ImpressionBatchRecord.schema)
                .where("app_id", .in, Array(Set(batches.map(\.appID))))
                .where("batch_key", .in, Array(Set(batches.map(\.key))))
                .all(decoding: ExistingKey.self)
            var seen = Set(existing.map { "\($0.app_id.uuidString.lowercased())|\($0.batch_key)" })
            var stored: [Bool] = []
            var batchRows: [[StoredValue]] = []
            var impressionRows: [[StoredValue]] = []
            var counts = CampaignCounts.Deltas()
            var exposures: [CampaignReach.Exposure] = []
            let receivedAt = batches.map(\.receivedAt).max() ?? Date()
            for (batch, rows) in zip(batches, prepared) {
                let identity = "\(batch.appID.uuidString.lowercased())|\(batch.key)"
                guard seen.insert(identity).inserted else {
                    stored.append(false)
                    continue
                }
                stored.append(true)
                batchRows.append(rows.batchRow)
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
            try await sql.insertRows(into: ImpressionBatchRecord.schema, columns: Prepared.batchColumns, batchRows)
            try await sql.insertRows(into: ImpressionRecord.schema, columns: Prepared.impressionColumns, impressionRows)
            counts.add(try await CampaignReach.record(exposures, receivedAt: receivedAt, on: sql))
            try await CampaignCounts.add(counts, on: sql)
            return stored
        }
        commits += 1
        ServerMetrics.impressionsCommitted(batches: batches.count, duration: ContinuousClock.now - started)
        return result
    }
}
