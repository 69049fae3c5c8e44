import MarqueeModel

/// A campaign list read from `GET /v1/catalog/{digest}`: `{"data": [...]}`, each element as a
/// ping's `data` holds it, read as leniently (``LenientCampaignList``).
public struct CampaignListContent: Sendable, Decodable {
    public var campaigns: [Campaign]
    /// One entry per skipped campaign, saying why.
    public var skipped: [String]

    enum CodingKeys: String, CodingKey { case data }

    public init(from decoder: any Decoder) throws {
        let list = try LenientCampaignList(from: try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .data))
        campaigns = list.campaigns
        skipped = list.skipped
    }
}
