import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeTesting
import Testing

/// The `bucketing` area through the server's own callers: the server draws rollouts
/// (``Rollout``) and experiment arms (what a ping is sent, ``CampaignCatalog``; what an
/// impression or conversion is counted in, ``ArmAttribution``) from the model's stable hashes,
/// for the unit a ping's identity and device give.
enum ServerBucketingCases {
    static func run(_ contractCase: ContractCase) throws {
        switch contractCase.kind {
        case "hash": try hash(contractCase)
        case "unit": try unit(contractCase)
        case "assignment": try assignment(contractCase)
        default: throw ContractError.unknownKind(contractCase.id, contractCase.kind)
        }
    }

    /// The model's hashes, and a rollout draw through the rollout itself.
    static func hash(_ contractCase: ContractCase) throws {
        let text = try contractCase.input(as: BucketingContract.TextInput.self).text
        let expected = try contractCase.expected(as: BucketingContract.Hashes.self)
        #expect(BucketingContract.Hashes(of: text) == expected)
        // A text a rollout draws (`<subscription ID>:<device ID>`) through the rollout itself: the
        // smallest percentage that includes the device is its percentile plus one.
        if let colon = text.firstIndex(of: ":") {
            let subscription = String(text[..<colon]), device = String(text[text.index(after: colon)...])
            if !device.isEmpty, (1...99).contains(expected.percentile) {
                #expect(Rollout.percentage(for: device, subscriptionID: subscription, rollout: expected.percentile) == 0)
                #expect(Rollout.percentage(for: device, subscriptionID: subscription, rollout: expected.percentile + 1) == 100)
            }
        }
    }

    /// The unit as a ping's admission builds it from the identity and the device.
    static func unit(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: BucketingContract.UnitInput.self)
        let expected = try contractCase.expected(as: BucketingContract.Unit.self)
        #expect(input.unit.key == expected.unit)
    }

    /// The draws, then the arm a ping is sent the form of and the arm its impressions are counted in.
    static func assignment(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: BucketingContract.AssignmentInput.self)
        let expected = try contractCase.expected(as: BucketingContract.Assignment.self)
        let unit = try BucketingContract.unit(named: input.unit, in: contractCase)
        var campaign = Fixtures.modal(contractCase.id)
        campaign.id = input.campaignID
        campaign.experiment = input.experiment
        let draws = BucketingContract.draws(input)
        #expect(draws.controlSlot == expected.controlSlot)
        #expect(draws.variantPoint == expected.variantPoint)
        #expect(campaign.arm(for: unit)?.id == expected.arm)
        #expect(ArmAttribution.arm(of: campaign, declared: nil, unit: unit) == expected.arm)
    }
}
