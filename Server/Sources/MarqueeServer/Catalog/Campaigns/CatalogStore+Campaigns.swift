import Fluent
import Foundation
import MarqueeModel
import SQLKit

extension CatalogStore {
    /// Validates and stores a new campaign of `appID`.
    func createCampaign(_ campaign: Campaign, in appID: UUID) async throws -> CampaignRecord {
        try await changingCatalog(of: appID) { db in
            try await Self.validate(campaign, appID: appID, on: db)
            try await Self.checkBudget(campaign, replacing: nil, appID: appID, on: db)
            let record = CampaignRecord()
            record.id = UUID()
            record.$app.id = appID
            try record.store(campaign)
            try await record.create(on: db)
            return Changed(record, .campaign(try record.requireID(), in: appID, before: nil,
                                             after: try CatalogChange.snapshot(of: record)))
        }
    }

    /// Replaces a campaign's content; its id stays.
    func replaceCampaign(_ campaignID: UUID, in appID: UUID, with campaign: Campaign) async throws -> CampaignRecord {
        try await changingCatalog(of: appID) { db in
            let record = try await Self.campaign(campaignID, in: appID, on: db)
            let before = try CatalogChange.snapshot(of: record)
            var campaign = campaign
            campaign.id = try record.requireID().canonical
            try await Self.validate(campaign, appID: appID, on: db)
            try await Self.checkBudget(campaign, replacing: campaignID, appID: appID, on: db)
            try record.store(campaign)
            try await record.update(on: db)
            return Changed(record, .campaign(campaignID, in: appID, before: before, after: try CatalogChange.snapshot(of: record)))
        }
    }

    /// Moves a campaign to `status` (a paused campaign leaves every ping and display permission at once).
    func setStatus(_ status: CampaignStatus, of campaignID: UUID, in appID: UUID) async throws -> CampaignRecord {
        try await changingCatalog(of: appID) { db in
            let record = try await Self.campaign(campaignID, in: appID, on: db)
            let before = try CatalogChange.snapshot(of: record)
            var campaign = try record.campaign()
            campaign.status = status
            try record.store(campaign)
            try await record.update(on: db)
            return Changed(record, .campaign(campaignID, in: appID, before: before, after: try CatalogChange.snapshot(of: record)))
        }
    }

    /// Deletes a campaign; the row is kept so display permission can answer `display: false` for it.
    func deleteCampaign(_ campaignID: UUID, in appID: UUID) async throws {
        try await changingCatalog(of: appID) { db in
            let record = try await Self.campaign(campaignID, in: appID, on: db)
            let before = try CatalogChange.snapshot(of: record)
            try await record.delete(on: db)
            return Changed(.campaign(campaignID, in: appID, before: before, after: nil))
        }
    }

    /// The campaign, if it belongs to the app (another app's id answers 404).
    static func campaign(_ campaignID: UUID, in appID: UUID, on db: any Database) async throws -> CampaignRecord {
        guard let record = try await CampaignRecord.query(on: db)
            .filter(\.$id == campaignID).filter(\.$app.$id == appID).first() else {
            throw CatalogError.campaignNotFound
        }
        return record
    }

    /// Refuses a campaign that would take the app's campaigns past ``CatalogBudget/maxBytes``,
    /// saying how much room is left. Summed in the save's transaction, which holds the app's
    /// catalog version, so two saves cannot each take the last room.
    private static func checkBudget(_ campaign: Campaign, replacing campaignID: UUID?, appID: UUID,
                                    on db: any Database) async throws {
        guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
        struct Total: Decodable { var total: Int }
        // PostgreSQL sums integers as numeric: cast back to read an integer.
        let taken = try await sql.raw("""
            SELECT CAST(COALESCE(SUM(ping_bytes), 0) AS BIGINT) AS total FROM \(ident: CampaignRecord.schema)
            WHERE app_id = \(bind: appID) AND deleted_at IS NULL AND id <> \(bind: campaignID ?? UUID())
            """).first(decoding: Total.self)?.total ?? 0
        if let issue = CatalogBudget.issue(bytes: try CatalogBudget.bytes(of: campaign), others: taken) {
            throw CatalogError.invalid([issue])
        }
    }

    /// Checks the campaign against the app's caps as stored in this transaction, so a cap removed
    /// concurrently cannot slip through.
    private static func validate(_ campaign: Campaign, appID: UUID, on db: any Database) async throws {
        let (_, app) = try await find(appID, on: db)
        var issues = campaign.validationIssues(frequencyCapIDs: Set(app.settings.frequencyCaps.map(\.id)))
        let segments = campaign.targeting.segments
        if !segments.isEmpty {
            let known = try await segmentIDs(of: appID, on: db)
            for (field, ids) in [("include", segments.include), ("exclude", segments.exclude)] {
                for id in ids where !known.contains(id) {
                    issues.append(ValidationIssue(field: "targeting.segments.\(field)", message: "names no segment of this app: \(id)"))
                }
            }
        }
        guard issues.isEmpty else { throw CatalogError.invalid(issues) }
    }
}
