import MarqueeModel
import MarqueeWire
import Vapor

/// A campaign as the admin API returns it: the campaign's own fields plus server bookkeeping.
struct CampaignResource: JSONResource, Decodable {
    var campaign: Campaign
    var appID: String
    var createdAt: Date?
    var updatedAt: Date?

    enum CodingKeys: String, CodingKey { case appID, createdAt, updatedAt, requiredCapabilities, baseClientCaveats }

    init(_ record: CampaignRecord) throws {
        self.init(record, campaign: try record.campaign())
    }

    init(_ record: CampaignRecord, campaign: Campaign) {
        self.campaign = campaign
        appID = record.$app.id.canonical
        createdAt = record.createdAt
        updatedAt = record.updatedAt
    }

    init(from decoder: any Decoder) throws {
        campaign = try Campaign(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        appID = try c.decode(String.self, forKey: .appID)
        createdAt = try c.decodeIfPresent(Date.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt)
    }

    func encode(to encoder: any Encoder) throws {
        try campaign.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(appID, forKey: .appID)
        try c.encodeIfPresent(createdAt, forKey: .createdAt)
        try c.encodeIfPresent(updatedAt, forKey: .updatedAt)
        // Tells the dashboard which clients can show it: empty means every RInAppMessaging client,
        // and then the caveats say what one of them does differently.
        let required = campaign.requiredCapabilities
        try c.encode(required.map(\.rawValue).sorted(), forKey: .requiredCapabilities)
        let caveats = required.isEmpty ? campaign.baseClientCaveats : []
        try c.encode(caveats.map(\.rawValue).sorted(), forKey: .baseClientCaveats)
    }
}

/// The body of `POST …/campaigns` and `PUT …/campaigns/:campaignID`: a campaign. The keys that
/// only responses carry are accepted and ignored, so a campaign read from the API can be sent back.
struct CampaignInput: Decodable {
    var campaign: Campaign

    private enum ReadOnlyKeys: String, CodingKey, CaseIterable {
        case appID, createdAt, updatedAt, requiredCapabilities, baseClientCaveats
    }

    init(from decoder: any Decoder) throws {
        campaign = try Campaign(from: decoder)
        let c = try decoder.container(keyedBy: ReadOnlyKeys.self)
        for key in ReadOnlyKeys.allCases { _ = c.contains(key) }
    }
}

/// The body of `PUT …/campaigns/:campaignID/status`.
struct StatusInput: Decodable {
    var status: CampaignStatus
}
