import Fluent
import Foundation
import MarqueeModel

/// Finds the campaign an SDK report names: active campaigns are in the app's catalog in memory;
/// others (paused, ended, deleted while a device still showed them) are read from the database.
struct CampaignLookup {
    /// Asked for only when the catalog does not hold the campaign.
    let database: @Sendable () -> any Database
    let app: App
    let catalog: CampaignCatalog

    init(database: @autoclosure @escaping @Sendable () -> any Database, app: App, catalog: CampaignCatalog) {
        self.database = database
        self.app = app
        self.catalog = catalog
    }

    /// The campaign, or `nil` when the app has no campaign with that id.
    func campaign(_ campaignID: UUID, text: String) async throws -> Campaign? {
        let appID = app.id
        if let entry = try await catalog.snapshot(appID: appID, version: app.campaignsVersion, on: database()).entry(id: text) {
            return entry.campaign
        }
        guard let record = try await CampaignRecord.query(on: database()).withDeleted()
            .filter(\.$id == campaignID).filter(\.$app.$id == appID).first() else { return nil }
        return try record.campaign()
    }
}
