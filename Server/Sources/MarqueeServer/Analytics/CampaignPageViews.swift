import Foundation
import SQLKit

/// How many displays showed each page of a carousel, per campaign, arm and page: what a
/// carousel's drop-off is read from. Each display reports a page once (``ImpressionTypeCode/pageView``);
/// kept by ``ImpressionWriter`` in the transaction that stores the impressions, and, as campaign
/// counts, naming no one.
enum CampaignPageViews {
    static let schema = "campaign_page_views"

    struct Key: Hashable, Comparable, Sendable {
        var appID: UUID
        var campaignID: UUID
        var variant: String
        var page: Int
        var isTest: Bool

        static func < (a: Key, b: Key) -> Bool {
            (a.campaignID.uuidString, a.variant, a.page, a.isTest ? 1 : 0) < (b.campaignID.uuidString, b.variant, b.page, b.isTest ? 1 : 0)
        }
    }

    private static let upsert = RowInsert(
        table: schema, columns: ["app_id", "campaign_id", "variant", "page", "is_test", "views"],
        clause: "ON CONFLICT (campaign_id, variant, page, is_test) DO UPDATE SET views = campaign_page_views.views + excluded.views")

    /// Adds `views` inside the caller's transaction, one statement for all keys.
    static func add(_ views: [Key: Int], on sql: any SQLDatabase) async throws {
        guard !views.isEmpty else { return }
        try await sql.run(upsert, rows: views.sorted { $0.key < $1.key }.map { key, count in
            [.uuid(key.appID), .uuid(key.campaignID), .text(key.variant), .integer(key.page), .bool(key.isTest), .integer(count)]
        })
    }

    private struct Row: Decodable {
        var page: Int
        var views: Int
    }

    /// The live views of each of `pages` pages, from the first (test traffic apart).
    static func views(of campaignID: UUID, pages: Int, on sql: any SQLDatabase) async throws -> [Int] {
        let rows = try await sql.raw("""
            SELECT page, CAST(SUM(views) AS BIGINT) AS views FROM \(ident: schema)
            WHERE campaign_id = \(bind: campaignID) AND is_test = \(bind: false) GROUP BY page
            """).all(decoding: Row.self)
        var views = Array(repeating: 0, count: pages)
        for row in rows where views.indices.contains(row.page) { views[row.page] = row.views }
        return views
    }
}
