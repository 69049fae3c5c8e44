import Fluent
import Foundation
import NIOCore
import SQLKit

/// Campaign lists by digest, gzipped, for every instance: an instance writes a list the first
/// time it names it in a ping answer, before the answer leaves, so a device's `GET` finds it
/// whichever instance it reaches.
struct CampaignListStore {
    static let schema = "campaign_lists"
    /// How long a list of an old catalog version stays readable: a device reads its list right
    /// after the ping that named it.
    static let keptAfterReplaced: Int64 = 60 * 60 * 1000

    let database: any Database

    private struct ContentRow: Decodable {
        var content: Data
    }

    /// Stores `list` (its gzip form `content`) unless it is stored already.
    func store(_ list: PingDataCache.CompressedList, content: ByteBuffer, at millis: Int64) async throws {
        try await database.writeTransaction { db in
            try await db.sql().raw("""
                INSERT INTO \(ident: Self.schema) (digest, app_id, version, created_at, content)
                VALUES (\(bind: list.digest), \(bind: list.appID), \(bind: list.version), \(bind: millis), \(bind: Data(buffer: content)))
                ON CONFLICT (digest) DO NOTHING
                """).run()
        }
    }

    /// The gzip form of the list `digest` names, if stored.
    func content(digest: String) async throws -> ByteBuffer? {
        try await database.sql().raw("SELECT content FROM \(ident: Self.schema) WHERE digest = \(bind: digest)")
            .first(decoding: ContentRow.self).map { ByteBuffer(data: $0.content) }
    }

    /// Removes lists of deleted apps, and lists of catalog versions older than their app's that
    /// were written before `millis`; returns how many.
    static func prune(before millis: Int64, on sql: any SQLDatabase) async throws -> Int {
        let removed = try await sql.raw("""
            DELETE FROM \(ident: schema) WHERE created_at < \(bind: millis) AND NOT EXISTS (
                SELECT 1 FROM \(ident: AppRecord.schema) WHERE \(ident: AppRecord.schema).id = \(ident: schema).app_id
                  AND \(ident: AppRecord.schema).campaigns_version = \(ident: schema).version)
            RETURNING digest
            """).all()
        return removed.count
    }
}
