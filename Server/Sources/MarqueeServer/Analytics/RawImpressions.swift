import SQLKit

/// Raw impression rows, which name a user and a device. Their counts live in ``CampaignCounts``
/// from the moment they are stored, so retiring them (retention, erasure) deletes them and
/// nothing else: a campaign's figures stay whole while nothing that names a person is kept.
enum RawImpressions {
    /// Deletes the impressions matching `condition`, inside the caller's transaction; returns
    /// how many this statement deleted (`DELETE … RETURNING`), so racing retirements never
    /// count a row twice.
    static func retire(where condition: SQLQueryString, on sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("DELETE FROM impressions WHERE \(condition) RETURNING id").all().count
    }
}
