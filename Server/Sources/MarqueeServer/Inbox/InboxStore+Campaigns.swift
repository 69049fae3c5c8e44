import Fluent
import Foundation
import MarqueeModel
import SQLKit

extension InboxStore {
    private struct CampaignRow: Decodable {
        var campaign_id: UUID
    }

    private struct MessageRow: Decodable {
        var id: UUID
    }

    /// Puts each of `campaigns` (running inbox campaigns whose audience admits this user) in the
    /// user's inbox, once: a copy the user deleted is never delivered again. The content is the
    /// campaign's message as it is at that user's first delivery.
    func deliverCampaigns(_ campaigns: [Campaign], appID: UUID, userID: String) async throws {
        let byID = Dictionary(campaigns.compactMap { campaign in UUID(uuidString: campaign.id).map { ($0, campaign) } },
                              uniquingKeysWith: { first, _ in first })
        guard !byID.isEmpty else { return }
        let ids: [any Encodable & Sendable] = Array(byID.keys)
        let sql = try Self.sql(database)
        // Most syncs find every campaign delivered already: one read, no write.
        let delivered = Set(try await sql.raw("""
            SELECT m.campaign_id FROM \(ident: InboxSchema.entries) e
            JOIN \(ident: InboxSchema.messages) m ON m.id = e.message_id
            WHERE e.app_id = \(bind: appID) AND e.user_digest = \(bind: KeyDigest(userID).stored) AND m.campaign_id IN (\(binds: ids))
            """).all(decoding: CampaignRow.self).map(\.campaign_id))
        let missing = byID.filter { !delivered.contains($0.key) }
        guard !missing.isEmpty else { return }
        let now = nowMillis
        try await database.writeTransaction { db in
            let seq = try await Self.nextSequence(of: appID, on: db)
            let sql = try Self.sql(db)
            for (campaignID, campaign) in missing.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                let content = String(decoding: try MarqueeJSON.encoder().encode(InboxContent(campaignMessage: campaign.message)),
                                     as: UTF8.self)
                let expiresAt = campaign.delivery.endTime.map(\.inboxMillis)
                try await sql.raw("""
                    INSERT INTO \(ident: InboxSchema.messages)
                      (id, app_id, campaign_id, content, source, deliver_at, expires_at, created_at)
                    VALUES (\(bind: UUID()), \(bind: appID), \(bind: campaignID), \(bind: content),
                            \(bind: InboxSource.campaign.rawValue), \(bind: now), \(bind: expiresAt), \(bind: now))
                    ON CONFLICT (app_id, campaign_id) DO NOTHING
                    """).run()
                guard let message = try await sql.raw("""
                    SELECT id FROM \(ident: InboxSchema.messages) WHERE app_id = \(bind: appID) AND campaign_id = \(bind: campaignID)
                    """).first(decoding: MessageRow.self) else { continue }
                try await sql.raw("""
                    INSERT INTO \(ident: InboxSchema.entries)
                      (app_id, message_id, user_digest, deliver_at, expires_at, is_read, is_deleted, deleted_at, change_seq)
                    VALUES (\(bind: appID), \(bind: message.id), \(bind: KeyDigest(userID).stored), \(bind: now), \(bind: expiresAt),
                            \(false), \(false), NULL, \(bind: seq))
                    ON CONFLICT (message_id, user_digest) DO NOTHING
                    """).run()
            }
        }
    }
}
