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

    /// 64-bit values travel as 16 lower-case hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    // MARK: hash

    struct TextInput: Decodable {
        let text: String
    }

    struct Hashes: ContractExpectation {
        let fnv1a64: String
        let mixed64: String
        let percentile: Int
        static let keys: Set<String> = ["fnv1a64", "mixed64", "percentile"]
    }

    static func hash(_ contractCase: ContractCase) throws {
        let text = try contractCase.input(as: TextInput.self).text
        let expected = try contractCase.expected(as: Hashes.self)
        #expect(hex(StableHash.fnv1a(text)) == expected.fnv1a64)
        #expect(hex(StableHash.mixed(text)) == expected.mixed64)
        #expect(StableHash.percentile(of: text) == expected.percentile)
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

    // MARK: unit

    struct UnitInput: Decodable {
        let userID: String?
        let idTrackingIdentifier: String?
        let deviceID: String?
    }

    struct Unit: ContractExpectation {
        let unit: String
        static let keys: Set<String> = ["unit"]
    }

    /// The unit as a ping's admission builds it from the identity and the device.
    static func unit(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: UnitInput.self)
        let expected = try contractCase.expected(as: Unit.self)
        let identity = UserIdentity(userID: input.userID, idTrackingIdentifier: input.idTrackingIdentifier)
        #expect(ExperimentUnit(identity: identity, deviceID: input.deviceID).key == expected.unit)
    }

    // MARK: assignment

    struct AssignmentInput: Decodable {
        let campaignID: String
        let unit: String
        let experiment: Experiment
    }

    struct Assignment: ContractExpectation {
        let controlSlot: Int
        let variantPoint: Int
        let arm: String
        static let keys: Set<String> = ["controlSlot", "variantPoint", "arm"]
    }

    /// The unit a key names.
    static func unit(named key: String, in contractCase: ContractCase) throws -> ExperimentUnit {
        let (kind, value) = key.firstIndex(of: ":").map { (String(key[..<$0]), String(key[key.index(after: $0)...])) } ?? (key, "")
        let unit = switch kind {
        case "user": ExperimentUnit(identity: UserIdentity(userID: value), deviceID: nil)
        case "tracking": ExperimentUnit(identity: UserIdentity(idTrackingIdentifier: value), deviceID: nil)
        case "device": ExperimentUnit(identity: .anonymous, deviceID: value)
        default: ExperimentUnit(identity: .anonymous, deviceID: nil)
        }
        guard unit.key == key else { throw ContractError.malformed(contractCase.id, "\(key) is not a unit key") }
        return unit
    }

    static func assignment(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: AssignmentInput.self)
        let expected = try contractCase.expected(as: Assignment.self)
        let unit = try unit(named: input.unit, in: contractCase)
        var campaign = Fixtures.modal(contractCase.id)
        campaign.id = input.campaignID
        campaign.experiment = input.experiment
        let total = UInt64(input.experiment.arms.reduce(0) { $0 + max(0, $1.weight) })
        #expect(StableHash.mixed("control|\(input.campaignID)|\(unit.key)") % ExperimentAssignment.controlSlots
            == UInt64(expected.controlSlot))
        #expect(StableHash.mixed("variant|\(input.campaignID)|\(unit.key)") % total == UInt64(expected.variantPoint))
        // The arm a ping is sent the form of, and the arm its impressions are counted in.
        #expect(campaign.arm(for: unit)?.id == expected.arm)
        #expect(ArmAttribution.arm(of: campaign, declared: nil, unit: unit) == expected.arm)
    }
}
