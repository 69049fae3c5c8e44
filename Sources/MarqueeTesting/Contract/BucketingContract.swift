import MarqueeModel

/// The `bucketing` area as every Swift runner reads it: its inputs and expectations, and what the
/// model computes from them (``StableHash``, ``ExperimentUnit``, ``ExperimentAssignment``'s
/// draws). A runner compares these with the case and adds the checks of its own callers.
public enum BucketingContract {
    public struct TextInput: Decodable, Sendable {
        public let text: String
    }

    public struct Hashes: ContractExpectation, Equatable, Sendable {
        public let fnv1a64: String
        public let mixed64: String
        public let percentile: Int
        public static let keys: Set<String> = ["fnv1a64", "mixed64", "percentile"]

        /// What the model computes for `text`.
        public init(of text: String) {
            fnv1a64 = BucketingContract.hex(StableHash.fnv1a(text))
            mixed64 = BucketingContract.hex(StableHash.mixed(text))
            percentile = StableHash.percentile(of: text)
        }
    }

    public struct UnitInput: Decodable, Sendable {
        public let userID: String?
        public let idTrackingIdentifier: String?
        public let deviceID: String?

        /// The unit the model builds from the identity and the device.
        public var unit: ExperimentUnit {
            ExperimentUnit(identity: UserIdentity(userID: userID, idTrackingIdentifier: idTrackingIdentifier), deviceID: deviceID)
        }
    }

    public struct Unit: ContractExpectation, Sendable {
        public let unit: String
        public static let keys: Set<String> = ["unit"]
    }

    public struct AssignmentInput: Decodable, Sendable {
        public let campaignID: String
        public let unit: String
        public let experiment: Experiment
    }

    public struct Assignment: ContractExpectation, Sendable {
        /// The control draw: `mixed64("control|<campaignID>|<unit>") mod 10000`.
        public let controlSlot: Int
        /// The variant draw: `mixed64("variant|<campaignID>|<unit>") mod` the total weight.
        public let variantPoint: Int
        public let arm: String
        public static let keys: Set<String> = ["controlSlot", "variantPoint", "arm"]
    }

    /// The control and variant draws of `input`, from the model's hash.
    public static func draws(_ input: AssignmentInput) -> (controlSlot: Int, variantPoint: Int) {
        let total = UInt64(input.experiment.arms.reduce(0) { $0 + max(0, $1.weight) })
        let control = StableHash.mixed("control|\(input.campaignID)|\(input.unit)") % ExperimentAssignment.controlSlots
        let variant = total == 0 ? 0 : StableHash.mixed("variant|\(input.campaignID)|\(input.unit)") % total
        return (Int(control), Int(variant))
    }

    /// 64-bit values travel as 16 lower-case hex digits: JSON numbers cannot hold them everywhere.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The unit a key names; the model builds units only from an identity and a device.
    public static func unit(named key: String, in contractCase: ContractCase) throws -> ExperimentUnit {
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
}
