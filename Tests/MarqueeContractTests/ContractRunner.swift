import MarqueeTesting

/// Sends each case to the runner of its area. A case of an area or kind no runner knows fails,
/// so a new kind of case can never pass by being ignored.
enum ContractRunner {
    static func run(_ contractCase: ContractCase) throws {
        switch contractCase.area {
        case "triggers": try TriggerCases.run(contractCase)
        case "bucketing": try BucketingCases.run(contractCase)
        case "identity": try IdentityCases.run(contractCase)
        case "display": try DisplayCases.run(contractCase)
        default: throw ContractError.unknownArea(contractCase.id)
        }
    }
}
