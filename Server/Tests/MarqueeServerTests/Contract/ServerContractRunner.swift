import MarqueeTesting
import Testing

/// The kinds of case the server's runner runs, by area. A case the server's skips do not declare
/// must be one of them: a new area or kind fails instead of passing unnoticed.
enum ServerContractRunner {
    static let kinds: [String: Set<String>] = [
        "triggers": ["condition", "regexSyntax"],
        "identity": ["signature"],
        "bucketing": ["hash", "unit", "assignment"],
    ]

    /// Every case the server runs: none that `contract/skips/server.json` declares.
    static var runnable: [ContractCase] { ContractFixtures.runnable(skipping: ContractSkips.server) }

    /// The runnable cases of `area`, of `kind` when given.
    static func cases(_ area: String, _ kind: String? = nil) -> [ContractCase] {
        runnable.filter { $0.area == area && (kind == nil || $0.kind == kind) }
    }

    /// What a test records when `contractCase` could not be run: the error, under the case's name.
    static func failure(_ error: any Error, of contractCase: ContractCase) -> Comment {
        let text = "\(error)"
        return Comment(rawValue: text.hasPrefix(contractCase.id) ? text : "\(contractCase.id): \(text)")
    }

    /// Throws for a case of an area or kind this runner does not run.
    static func check(_ contractCase: ContractCase) throws {
        guard let known = kinds[contractCase.area] else { throw ContractError.unknownArea(contractCase.id) }
        guard known.contains(contractCase.kind) else { throw ContractError.unknownKind(contractCase.id, contractCase.kind) }
    }
}
