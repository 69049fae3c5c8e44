import Fluent
import Foundation
import MarqueeModel
import SQLKit

extension InboxStore {
    private struct CampaignRow: Decodable {
        var campaign_id: UUID
    }

    private struct MessageRow: Decodable {
        var campaign_id: UUID
        var copy_key: Int64
    }

    /// Puts each of `campaigns` (running inbox campaigns whose audience admits this user) in the
    /// user's inbox, once: a copy the user deleted is never delivered again. A campaign's message
    /// is stored at its first delivery to anyone, as the campaign's message is then.
    func deliverCampaigns(_ campaigns: [Campaign], appID: UUID, userID: String) async throws {
        let byID = Dictionary(campaigns.compactMap { campaign in UUID(uuidString: campaign.id).map { ($0, campaign) } },
                              uniquingKeysWith: { first, _ in first })
        guard !byID.isEmpty else { return }
        let ids: [any Encodable & Sendable] = Array(byID.keys)
        let user = InboxCopyKey.user(userID, in: appID).stored
        let sql = try Self.sql(database)
        // Most syncs find every campaign delivered already: one read, no write.
        let delivered = Set(try await sql.raw("""
            SELECT m.campaign_id FROM \(ident: InboxSchema.entries) e
            JOIN \(ident: InboxSchema.messages) m ON m.copy_key = e.message_key
            WHERE e.user_key = \(bind: user) AND m.app_id = \(bind: appID) AND m.campaign_id IN (\(binds: ids))
            """).all(decoding: CampaignRow.self).map(\.campaign_id))
        let missing = byID.filter { !delivered.contains($0.key) }
        guard !missing.isEmpty else { return }
        let now = nowMillis
        try await database.writeTransaction { db in
            let seq = try await Self.nextSequence(of: appID, on: db)
            let sql = try Self.sql(db)
            let missingIDs: [any Encodable & Sendable] = Array(missing.keys)
            var messages = Dictionary(try await sql.raw("""
                SELECT campaign_id, copy_key FROM \(ident: InboxSchema.messages)
                WHERE app_id = \(bind: appID) AND campaign_id IN (\(binds: missingIDs))
                """).all(decoding: MessageRow.self).map { ($0.campaign_id, $0.copy_key) }, uniquingKeysWith: { first, _ in first })
            for (campaignID, campaign) in missing.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                let expiresAt = campaign.delivery.endTime.map(\.inboxMillis)
                if messages[campaignID] == nil {
                    let content = String(decoding: try MarqueeJSON.encoder().encode(InboxContent(campaignMessage: campaign.message)),
                                         as: UTF8.self)
                    let id = try await InboxCopyKey.newMessageID(on: sql)
                    try await sql.raw("""
                        INSERT INTO \(ident: InboxSchema.messages)
                          (id, copy_key, app_id, campaign_id, content, source, deliver_at, expires_at, created_at)
                        VALUES (\(bind: id), \(bind: InboxCopyKey.message(id)), \(bind: appID), \(bind: campaignID), \(bind: content),
                                \(bind: InboxSource.campaign.rawValue), \(bind: now), \(bind: expiresAt), \(bind: now))
                        ON CONFLICT (app_id, campaign_id) DO NOTHING
                        """).run()
                    // The message another delivery stored first, if one did.
                    messages[campaignID] = try await sql.raw("""
                        SELECT campaign_id, copy_key FROM \(ident: InboxSchema.messages)
                        WHERE app_id = \(bind: appID) AND campaign_id = \(bind: campaignID)
                        """).first(decoding: MessageRow.self)?.copy_key
                }
                guard let message = messages[campaignID] else { continue }
                try await sql.raw("""
                    INSERT INTO \(ident: InboxSchema.entries)
                      (message_key, user_key, deliver_at, expires_at, is_read, is_deleted, deleted_at, change_seq)
                    VALUES (\(bind: message), \(bind: user), \(bind: now), \(bind: expiresAt), \(false), \(false), NULL, \(bind: seq))
                    ON CONFLICT (message_key, user_key) DO NOTHING
                    """).run()
            }
        }
    }
}
