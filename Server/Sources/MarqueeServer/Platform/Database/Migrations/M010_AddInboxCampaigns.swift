import Fluent
import SQLKit

/// Inbox messages that come from a campaign (channel `inbox` or `inApp+inbox`): one message per
/// campaign, shared by the users it reaches.
struct M010_AddInboxCampaigns: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(InboxSchema.messages).field("campaign_id", .uuid).update()
        try await (database as? any SQLDatabase)?.create(index: "inbox_messages_campaign").unique()
            .on(InboxSchema.messages).column("app_id").column("campaign_id").run()
    }

    func revert(on database: any Database) async throws {
        try await (database as? any SQLDatabase)?.drop(index: "inbox_messages_campaign").run()
        try await database.schema(InboxSchema.messages).deleteField("campaign_id").update()
    }
}
