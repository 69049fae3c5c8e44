import MarqueeModel

/// A ping response read one campaign at a time: a campaign that fails to decode or map, or that
/// holds more than Marquee's size limits allow (``Message/sizeIssues()``), is skipped and
/// reported, and the others are kept. A device never renders what a server should have refused.
public struct LenientPingResponse: Sendable, Decodable {
    public var currentPingMillis: Int64
    public var nextPingMillis: Int
    public var campaigns: [Campaign]
    /// One entry per skipped campaign, saying why.
    public var skipped: [String]
    public var marquee: PingExtension?

    enum CodingKeys: String, CodingKey { case currentPingMillis, nextPingMillis, data, marquee }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        currentPingMillis = try c.decode(Int64.self, forKey: .currentPingMillis)
        nextPingMillis = try c.decode(Int.self, forKey: .nextPingMillis)
        marquee = try? c.decodeIfPresent(PingExtension.self, forKey: .marquee)
        let list = try LenientCampaignList(from: try c.superDecoder(forKey: .data))
        campaigns = list.campaigns
        skipped = list.skipped
    }
}

/// A `data` array of campaigns read one by one: a campaign that cannot be read, or is too
/// large to show safely, is skipped with the reason, and the others are kept.
struct LenientCampaignList: Decodable {
    var campaigns: [Campaign] = []
    var skipped: [String] = []

    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        while !list.isAtEnd {
            let index = list.currentIndex
            do {
                let campaign = try list.decode(CampaignEnvelope.self).campaignData.campaign()
                // A variant's message is rendered as surely as the campaign's own.
                let variants = campaign.experiment?.variants.compactMap(\.message) ?? []
                let oversized = ([campaign.message] + variants).flatMap { $0.sizeIssues() }
                guard oversized.isEmpty else {
                    skipped.append("data[\(index)]: too large to show safely: \(oversized.map(\.description).joined(separator: "; "))")
                    continue
                }
                campaigns.append(campaign)
            } catch {
                // Decoding failed part-way: step over the element so the next one can be read.
                if list.currentIndex == index { _ = try? list.decode(JSONValue.self) }
                skipped.append("data[\(index)]: \(error)")
            }
        }
    }
}
