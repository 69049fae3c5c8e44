import Fluent
import Foundation
import SQLKit

/// Removes raw impressions stored longer ago than the retention period (their counts stay in
/// ``CampaignCounts``), the reach and conversion records of users not seen for that long
/// (taking them out of unique users and conversions, which therefore cover the period), and the
/// campaign history segments read (``UserHistory``) last moved that long ago. Age is
/// measured from when the server received a batch (on its own clock), never from the time a
/// device reports.
public struct ImpressionRetention: Sendable {
    public let days: Int
    private let database: any Database
    private let clock: any ServerClock
    /// Batches retired per transaction, so a large backlog never holds the database for long.
    private let batchesPerStep: Int

    public init(days: Int, database: any Database, clock: any ServerClock, batchesPerStep: Int = 500) {
        self.days = days
        self.database = database
        self.clock = clock
        self.batchesPerStep = batchesPerStep
    }

    private struct BatchID: Decodable {
        var id: UUID
    }

    /// Retires every impression past the period; returns how many.
    @discardableResult
    public func sweep() async throws -> Int {
        let cutoff = clock.now().addingTimeInterval(-Double(days) * 86_400)
        var retired = 0
        while true {
            let step = try await database.writeTransaction { db -> (batches: Int, impressions: Int) in
                guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
                let batches = try await sql.raw("""
                    SELECT id FROM impression_batches WHERE received_at < \(bind: cutoff) LIMIT \(literal: batchesPerStep)
                    """).all(decoding: BatchID.self).map(\.id)
                guard !batches.isEmpty else { return (0, 0) }
                let impressions = try await RawImpressions.delete(where: "id IN (\(binds: batches))", on: sql)
                return (batches.count, impressions)
            }
            retired += step.impressions
            if step.batches < batchesPerStep { break }
        }
        try await sweep(CampaignReach.schema, cutoff: cutoff) { try await CampaignReach.retire(where: $0, on: $1) }
        try await sweep(Conversions.schema, cutoff: cutoff) { try await Conversions.retire(where: $0, on: $1) }
        try await database.writeTransaction { db in
            try await UserHistory.retire(before: cutoff.millis, on: try db.sql())
        }
        return retired
    }

    private struct Key: Decodable {
        var campaign_id: UUID
        var unit_digest: KeyDigest
    }

    /// Retires the rows of `table` received before `cutoff`, a step at a time.
    private func sweep(_ table: String, cutoff: Date,
                       retire: @escaping @Sendable (SQLQueryString, any SQLDatabase) async throws -> Int) async throws {
        let limit = batchesPerStep
        while true {
            let count = try await database.writeTransaction { db -> Int in
                guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
                let keys = try await sql.raw("""
                    SELECT campaign_id, unit_digest FROM \(ident: table) WHERE received_at < \(bind: cutoff) LIMIT \(literal: limit)
                    """).all(decoding: Key.self)
                for key in keys {
                    _ = try await retire("campaign_id = \(bind: key.campaign_id) AND unit_digest = \(bind: key.unit_digest.stored) AND received_at < \(bind: cutoff)", sql)
                }
                return keys.count
            }
            if count < limit { return }
        }
    }
}
