import Fluent
import Foundation
import Logging
import MarqueeModel

/// `marquee serve --demo`: an app with subscription ID `demo-subscription`, one active campaign of
/// each message kind, and an App Inbox message for the user `demo-user`, so the simulator, the
/// example app and the dashboard have something to show at once.
struct DemoSeeder {
    static let subscriptionID = "demo-subscription"
    /// The user whose inbox holds the demo's message (the example app signs in as this user).
    static let inboxUserID = "demo-user"

    let store: CatalogStore
    let inbox: InboxStore
    let logger: Logger
    /// Where the demo's images are served (this server's `/demo/assets`).
    let assetsBaseURL: String
    /// This server's origin, when known, so its demo web page (`/demo/web`) may use the demo app.
    var webOrigins: [String] = []

    /// Creates the demo app and campaigns unless they exist, and prints what is there.
    func seed() async throws {
        let database = store.database
        if let existing = try await AppRecord.query(on: database).filter(\.$subscriptionID == Self.subscriptionID).first() {
            let count = try await CampaignRecord.query(on: database).filter(\.$app.$id == existing.requireID()).count()
            print("Demo app '\(existing.name)' already exists (subscription ID \(Self.subscriptionID), \(count) campaigns).")
            return
        }
        let campaigns = DemoCampaigns(assetsBaseURL: assetsBaseURL).all
        let settings = AppSettings(name: "Marquee Demo", subscriptionID: Self.subscriptionID, rolloutPercentage: 100,
                                   pingIntervalSeconds: 60, testUserIDs: ["demo-tester"], testDeviceIDs: [],
                                   frequencyCaps: [FrequencyCap(id: "daily", limit: 5, periodSeconds: 86_400)],
                                   identityVerification: .off,
                                   deviceProfile: DeviceProfileRules(attributes: ["favoriteCategory": .string], tags: ["newsletter"]),
                                   webOrigins: webOrigins)
        let appID = try await store.createApp(settings).app.id
        do {
            for campaign in campaigns { _ = try await store.createCampaign(campaign, in: appID) }
            _ = try await inbox.send(InboxDelivery(content: Self.inboxMessage, userIDs: [Self.inboxUserID], deliverAt: nil,
                                                   expiresAt: nil, source: .api), appID: appID)
        } catch {
            // Half a demo would block the next start from seeding a whole one.
            try? await store.deleteApp(appID)
            throw error
        }
        print("Seeded the demo app (subscription ID \(Self.subscriptionID)) with \(campaigns.count) active campaigns:")
        for campaign in campaigns {
            let trigger = campaign.triggers.allTriggers.map(\.key.description).joined(separator: " + ")
            print("  - \(campaign.message.kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(campaign.name)  (trigger: \(trigger))")
        }
        print("and an App Inbox message for the user '\(Self.inboxUserID)'.")
    }

    /// An inbox message with an HTML body whose links work, a main action and a button.
    static let inboxMessage = InboxContent(
        title: "Welcome to your inbox",
        body: """
            <p>Messages you keep come here. This one has <a href="https://example.com/guide">a link to the guide</a>             and <a href="marquee-demo://cart">one into the app</a>.</p>
            """,
        bodyFormat: .html,
        mainAction: InboxAction(.deepLink, url: "marquee-demo://tour"),
        buttons: [InboxButton(title: "Read the guide", action: InboxAction(.browser, url: "https://example.com/guide"))])
}
