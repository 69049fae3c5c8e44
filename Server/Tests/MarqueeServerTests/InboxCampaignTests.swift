import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// Campaigns whose channel includes the inbox reach the inbox of each identified user in their audience.
// Serialized: each test runs a server with its own PostgreSQL pool, and CI's PostgreSQL allows 100 connections.
@Suite("Inbox campaigns", .serialized)
struct InboxCampaignTests {
    private func inboxCampaign(_ name: String, channel: CampaignChannel, userIDs: [String]? = nil) -> Campaign {
        var campaign = Fixtures.modal(name)
        campaign.channel = channel
        campaign.message.title = "Title of \(name)"
        campaign.message.contentAction = MessageAction(.deepLink, uri: "myapp://sale")
        campaign.targeting = Targeting(userIDs: userIDs)
        return campaign
    }

    @Test(arguments: TestDatabase.available)
    func anInboxCampaignFillsTheInboxOfItsAudienceOnceAndNeverShowsInApp(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let inboxOnly = try await server.createCampaign(inboxCampaign("Inbox only", channel: .inbox, userIDs: ["ada"]), in: app)
            let both = try await server.createCampaign(inboxCampaign("Both", channel: .inAppAndInbox), in: app)
            let inApp = try await server.createCampaign(inboxCampaign("In-app", channel: .inApp), in: app)

            let pinged = try await server.ping(app, Fixtures.pingBody(userID: "ada", capabilities: Capability.all))
            #expect(Set(pinged.campaigns.map(\.id)) == [both, inApp], "an inbox-only campaign is never displayed")
            let permission = DisplayPermissionRequest(subscriptionId: app.subscriptionID, campaignId: inboxOnly,
                                                      userIdentifiers: UserIdentifierDTO.list(for: UserIdentity(userID: "ada")),
                                                      platform: 1, appVersion: "1.0", sdkVersion: "1", locale: "en", lastPingInMillis: 0)
            let answer = try await server.send(.POST, "/v1/display_permission", token: nil, subscription: app.subscriptionID,
                                               json: permission)
            #expect(try answer.decode(DisplayPermissionResponse.self).display == false)

            let ada = try await server.inboxSync(app, user: "ada")
            #expect(Set(ada.messages.map(\.content.title)) == ["Title of Inbox only", "Title of Both"])
            #expect(ada.messages.first { $0.content.title == "Title of Both" }?.content.mainAction == InboxAction(.deepLink, url: "myapp://sale"))
            let bob = try await server.inboxSync(app, user: "bob")
            #expect(bob.messages.map(\.content.title) == ["Title of Both"], "outside the first campaign's audience")

            let again = try await server.inboxSync(app, user: "ada", token: ada.syncToken)
            #expect(again.messages.isEmpty, "delivered once")
            let deleted = try #require(ada.messages.first { $0.content.title == "Title of Inbox only" }?.id)
            try await server.inboxUpdate(app, user: "ada", .delete, [deleted])
            server.clock.advance(by: 40 * 86_400)
            try await InboxPurge(database: server.app.db, clock: server.clock).purge()
            let later = try await server.inboxSync(app, user: "ada")
            #expect(later.messages.map(\.content.title) == ["Title of Both"], "a deleted campaign message never comes back")
            let listed = try await server.inboxMessages(app)
            let shared = try #require(listed.first { $0.id == bob.messages.first?.id })
            #expect(shared.stats.recipients == 2, "one message shared by its recipients")
            #expect(shared.source == "campaign" && shared.campaignID == both)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anInboxCampaignNeedsATitle(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var campaign = inboxCampaign("Untitled", channel: .inbox)
            campaign.message = Message(kind: .html, title: "", html: "<p>Hi</p>")
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: campaign)
            #expect(response.status == .unprocessableEntity)
            #expect(response.errorFields.contains("message.title"))
        }
    }
}
