import Fluent
import Foundation
import Logging
import MarqueeModel

/// `marquee serve --demo`: an app with subscription ID `demo-subscription` and one active campaign
/// of each message kind, so the simulator and the dashboard have something to show at once.
struct DemoSeeder {
    static let subscriptionID = "demo-subscription"

    let database: any Database
    let clock: any ServerClock
    let logger: Logger
    /// Where the demo's images are served (this server's `/demo/assets`).
    let assetsBaseURL: String

    init(database: any Database, clock: any ServerClock, logger: Logger, assetsBaseURL: String) {
        self.database = database
        self.clock = clock
        self.logger = logger
        self.assetsBaseURL = assetsBaseURL
    }

    /// Creates the demo app and campaigns unless they exist, and prints what is there.
    func seed() async throws {
        if let existing = try await AppRecord.query(on: database).filter(\.$subscriptionID == Self.subscriptionID).first() {
            let count = try await CampaignRecord.query(on: database).filter(\.$app.$id == existing.requireID()).count()
            print("Demo app '\(existing.name)' already exists (subscription ID \(Self.subscriptionID), \(count) campaigns).")
            return
        }
        let campaigns = DemoCampaigns(assetsBaseURL: assetsBaseURL).all
        try await database.transaction { db in
            let app = AppRecord()
            app.name = "Marquee Demo"
            app.subscriptionID = Self.subscriptionID
            app.secretHash = Secrets.hash(Secrets.generate(prefix: "mqs_"))
            app.rolloutPercentage = 100
            app.pingIntervalSeconds = 60
            app.testUserIDs = ["demo-tester"]
            app.testDeviceIDs = []
            app.frequencyCaps = [FrequencyCap(id: "daily", limit: 5, periodSeconds: 86_400)]
            app.campaignsVersion = 1
            app.campaignsChangedAt = clock.nowMillis
            try await app.create(on: db)
            for campaign in campaigns {
                let record = CampaignRecord()
                record.id = UUID()
                record.$app.id = try app.requireID()
                try record.store(campaign)
                try await record.create(on: db)
            }
        }
        print("Seeded the demo app (subscription ID \(Self.subscriptionID)) with \(campaigns.count) active campaigns:")
        for campaign in campaigns {
            let trigger = campaign.triggers.allTriggers.map(\.key.description).joined(separator: " + ")
            print("  - \(campaign.message.kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(campaign.name)  (trigger: \(trigger))")
        }
    }
}
