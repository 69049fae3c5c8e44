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
    /// Rows per INSERT statement, under every database's limit on bound values.
    static let rowsPerStatement = 200

    private struct Waiting {
        var batch: Batch
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
    func write(_ batch: Batch) async throws -> Bool {
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
    private func commit(_ batches: [Batch]) async throws -> [Bool] {
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
            var batchRows: [[any SQLExpression]] = []
            var impressionRows: [[any SQLExpression]] = []
            var counts = CampaignCounts.Deltas()
            var exposures: [CampaignReach.Exposure] = []
            let receivedAt = batches.map(\.receivedAt).max() ?? Date()
            for batch in batches {
                let identity = "\(batch.appID.uuidString.lowercased())|\(batch.key)"
                guard seen.insert(identity).inserted else {
                    stored.append(false)
                    continue
                }
                stored.append(true)
                // Time-ordered ids append to the primary-key indexes (see `UUID.timeOrdered`).
                let batchID = UUID.timeOrdered(at: batch.receivedAt)
                batchRows.append([SQLBind(batchID), SQLBind(batch.appID), SQLBind(batch.key), SQLBind(batch.receivedAt)])
                for row in batch.impressions {
                    impressionRows.append([
                        SQLBind(UUID.timeOrdered(at: batch.receivedAt)), SQLBind(batch.appID), SQLBind(row.campaignID), SQLBind(batchID),
                        SQLBind(row.type), SQLBind(row.occurredAt), SQLBind(row.userKey), SQLBind(row.deviceID), SQLBind(row.isTest),
                        SQLBind(row.variant),
                    ])
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
            try await Self.insert(into: ImpressionBatchRecord.schema, columns: ["id", "app_id", "batch_key", "received_at"],
                                  rows: batchRows, on: sql)
            try await Self.insert(into: ImpressionRecord.schema,
                                  columns: ["id", "app_id", "campaign_id", "batch_id", "type", "occurred_at", "user_key", "device_id",
                                            "is_test", "variant"],
                                  rows: impressionRows, on: sql)
            counts.add(try await CampaignReach.record(exposures, receivedAt: receivedAt, on: sql))
            try await CampaignCounts.add(counts, on: sql)
            return stored
        }
        commits += 1
        ServerMetrics.impressionsCommitted(batches: batches.count, duration: ContinuousClock.now - started)
        return result
    }

    private static func insert(into table: String, columns: [String], rows: [[any SQLExpression]], on sql: any SQLDatabase) async throws {
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + rowsPerStatement, rows.count)]
            var insert = sql.insert(into: table).columns(columns)
            for row in chunk { insert = insert.values(row) }
            try await insert.run()
            start += chunk.count
        }
    }
}
