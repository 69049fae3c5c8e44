import Foundation
import MarqueeModel
import MarqueeTesting

/// A campaign as a case writes it: the campaign's wire shape (the `campaign` of a ping's
/// `marquee` extension), where `name` and `message` may be left out when the case does not
/// depend on them (they default to the id and a modal message).
struct ContractCampaign: Decodable {
    let campaign: Campaign

    init(from decoder: any Decoder) throws {
        var object = try [String: JSONValue](from: decoder)
        if object["name"] == nil { object["name"] = object["id"] }
        if object["message"] == nil { object["message"] = .object(["kind": .string("modal")]) }
        campaign = try MarqueeJSON.decoder().decode(Campaign.self, from: MarqueeJSON.encoder().encode(object))
    }
}

extension Array where Element == ContractCampaign {
    /// The campaign named `id`, or a malformed-case error naming the case.
    func campaign(_ id: String, in contractCase: ContractCase) throws -> Campaign {
        guard let found = first(where: { $0.campaign.id == id }) else {
            throw ContractError.malformed(contractCase.id, "no campaign \(id) in the input")
        }
        return found.campaign
    }
}
