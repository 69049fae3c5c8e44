import Foundation
import SQLKit

/// One row per user who converted, per campaign: the unique key on (campaign, unit) is what makes
/// a conversion count once per user per campaign, whatever the retries and however many
/// instances receive them. Each new row adds to ``CountMetric/conversion`` in the same
/// transaction; retiring a row (retention, erasure) takes it back.
enum Conversions {
    static let schema = "conversions"

    /// A conversion to store.
    struct Conversion: Sendable {
        var appID: UUID
        var campaignID: UUID
        /// The ``ExperimentUnit`` key's digest: the user, whatever their identifiers' length.
        var unit: KeyDigest
        var variant: String
        var exposedAt: Int64
        var convertedAt: Int64
        var receivedAt: Date
        var isTest: Bool
    }

    private struct Inserted: Decodable {
        var id: UUID
    }

    private struct Found: Decodable {
        var campaign_id: UUID
    }

    /// Whether the user's conversion for the campaign is stored: a read, so retries of a counted
    /// conversion (an outbox that never saw its answer) take no write lock and no transaction.
    static func exists(campaignID: UUID, unit: KeyDigest, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("""
            SELECT campaign_id FROM \(ident: schema) WHERE campaign_id = \(bind: campaignID) AND unit_digest = \(bind: unit.stored)
            """).first(decoding: Found.self) != nil
    }

    /// Stores `conversion` unless the user's conversion for the campaign is stored already;
    /// returns whether it was new.
    static func insert(_ conversion: Conversion, on sql: any SQLDatabase) async throws -> Bool {
        let inserted = try await sql.insert(into: schema)
            .columns("id", "app_id", "campaign_id", "unit_digest", "variant", "exposed_at", "converted_at", "received_at", "is_test")
            .values([SQLBind(UUID()), SQLBind(conversion.appID), SQLBind(conversion.campaignID), SQLBind(conversion.unit.stored),
                     SQLBind(conversion.variant), SQLBind(conversion.exposedAt), SQLBind(conversion.convertedAt),
                     SQLBind(conversion.receivedAt), SQLBind(conversion.isTest)])
            .ignoringConflicts(with: ["campaign_id", "unit_digest"])
            .returning("id").all(decoding: Inserted.self)
        guard !inserted.isEmpty else { return false }
        var deltas = CampaignCounts.Deltas()
        deltas.add(1, of: .conversion, to: CampaignCounts.Key(appID: conversion.appID, campaignID: conversion.campaignID,
                                                              variant: conversion.variant,
                                                              quarter: CampaignCounts.quarter(ofMillis: conversion.convertedAt),
                                                              isTest: conversion.isTest))
        try await CampaignCounts.add(deltas, on: sql)
        return true
    }

    /// Deletes the conversions matching `condition` and takes them out of the counts, inside the
    /// caller's transaction; returns how many went.
    @discardableResult
    static func retire(where condition: SQLQueryString, on sql: any SQLDatabase) async throws -> Int {
        try await CampaignCounts.retire(from: schema, timeColumn: "converted_at", metric: .conversion, where: condition, on: sql)
    }
}
