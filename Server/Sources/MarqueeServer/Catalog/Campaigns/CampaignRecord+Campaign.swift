import Foundation
import MarqueeModel

/// The one mapping between a campaign's row and its ``Campaign`` value, both ways.
extension CampaignRecord {
    /// The stored campaign, with the row's id and status as the source of truth.
    func campaign() throws -> Campaign {
        var campaign: Campaign
        do {
            campaign = try MarqueeJSON.decoder().decode(Campaign.self, from: Data(payload.utf8))
        } catch {
            // Stored data, not the request, is at fault: a server error, with the details logged.
            throw StoredDataError(what: "campaign \(id?.uuidString ?? "?")", underlying: "\(error)")
        }
        campaign.id = try requireID().canonical
        campaign.status = CampaignStatus(rawValue: status) ?? .draft
        return campaign
    }

    func store(_ campaign: Campaign) throws {
        name = campaign.name
        status = campaign.status.rawValue
        payload = String(decoding: try MarqueeJSON.encoder().encode(campaign), as: UTF8.self)
        pingBytes = try CatalogBudget.bytes(of: campaign)
    }
}
