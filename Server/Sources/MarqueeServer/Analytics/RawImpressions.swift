import SQLKit

/// Raw impressions: one row per batch (``ImpressionEvents``), naming a user and a device. Their
/// counts live in ``CampaignCounts`` from the moment they are stored, so retiring them
/// (retention, erasure) touches them and nothing else: a campaign's figures stay whole while
/// nothing that names a person is kept.
enum RawImpressions {
    private struct Retired: Decodable {
        var bytes: Int?
    }

    /// Deletes the batches matching `condition`, inside the caller's transaction; returns how many
    /// impressions this statement deleted (`DELETE … RETURNING`), so racing retirements never
    /// count one twice.
    static func delete(where condition: SQLQueryString, on sql: any SQLDatabase) async throws -> Int {
        count(try await sql.raw("""
            DELETE FROM impression_batches WHERE \(condition) RETURNING LENGTH(events) AS bytes
            """).all(decoding: Retired.self))
    }

    /// Takes the user and device out of the batches matching `condition`, inside the caller's
    /// transaction; returns how many impressions they held. The batches stay, naming no one, so
    /// that a client's retry of one is still known and not counted again.
    static func forget(where condition: SQLQueryString, on sql: any SQLDatabase) async throws -> Int {
        count(try await sql.raw("""
            UPDATE impression_batches SET user_key = NULL, device_id = NULL
            WHERE user_key IS NOT NULL AND \(condition) RETURNING LENGTH(events) AS bytes
            """).all(decoding: Retired.self))
    }

    private static func count(_ retired: [Retired]) -> Int {
        retired.reduce(0) { $0 + ($1.bytes ?? 0) / ImpressionEvents.bytesPerEvent }
    }
}
