import Foundation
import MarqueeModel
import MarqueeTesting
import Testing

/// The `bucketing` area: the stable hashes, the experiment unit, and experiment assignment, as
/// the model computes them (``BucketingContract``) and as the SDK assigns arms.
enum BucketingCases {
    static func run(_ contractCase: ContractCase) throws {
        switch contractCase.kind {
        case "hash": try hash(contractCase)
        case "unit": try unit(contractCase)
        case "assignment": try assignment(contractCase)
        default: throw ContractError.unknownKind(contractCase.id, contractCase.kind)
        }
    }

    static func hash(_ contractCase: ContractCase) throws {
        let text = try contractCase.input(as: BucketingContract.TextInput.self).text
        let expected = try contractCase.expected(as: BucketingContract.Hashes.self)
        #expect(BucketingContract.Hashes(of: text) == expected)
    }

    static func unit(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: BucketingContract.UnitInput.self)
        let expected = try contractCase.expected(as: BucketingContract.Unit.self)
        #expect(input.unit.key == expected.unit)
    }

    static func assignment(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: BucketingContract.AssignmentInput.self)
        let expected = try contractCase.expected(as: BucketingContract.Assignment.self)
        let unit = try BucketingContract.unit(named: input.unit, in: contractCase)
        let draws = BucketingContract.draws(input)
        #expect(draws.controlSlot == expected.controlSlot)
        #expect(draws.variantPoint == expected.variantPoint)
        #expect(ExperimentAssignment.arm(campaignID: input.campaignID, unit: unit, experiment: input.experiment).id == expected.arm)
    }
}
