import Foundation
import MarqueeModel
import MarqueeTesting
import Testing

/// The `triggers` area: conditions against event attributes, the regular-expression subset, and
/// sequences of events through the trigger engine.
enum TriggerCases {
    static func run(_ contractCase: ContractCase) throws {
        switch contractCase.kind {
        case "condition": try condition(contractCase)
        case "regexSyntax": try regexSyntax(contractCase)
        case "sequence": try sequence(contractCase)
        default: throw ContractError.unknownKind(contractCase.id, contractCase.kind)
        }
    }

    // MARK: condition

    struct ConditionInput: Decodable {
        let condition: AttributeCondition
        let attributes: [String: AttributeValue]
    }

    struct Matches: ContractExpectation {
        let matches: Bool
        static let keys: Set<String> = ["matches"]
    }

    static func condition(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: ConditionInput.self)
        let expected = try contractCase.expected(as: Matches.self)
        #expect(CompiledCondition(input.condition).matches(input.attributes) == expected.matches)
    }

    // MARK: regexSyntax

    struct PatternInput: Decodable {
        let pattern: String
    }

    struct Valid: ContractExpectation {
        let valid: Bool
        static let keys: Set<String> = ["valid"]
    }

    static func regexSyntax(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: PatternInput.self)
        let expected = try contractCase.expected(as: Valid.self)
        #expect((CompiledRegex(input.pattern) != nil) == expected.valid)
    }

    // MARK: sequence

    /// An event as a case writes it: `{"event": kind, "name": …, "attributes": {name: {"type", "value"}}}`.
    struct ContractEvent: Decodable {
        let event: EventKind
        let name: String?
        let attributes: [String: AttributeValue]?

        var value: Event { Event(kind: event, name: name, attributes: attributes ?? [:]) }
    }

    /// One step: log an event, or start a new session.
    struct SequenceStep: Decodable {
        let log: ContractEvent?
        let startSession: JSONValue?
    }

    struct SequenceInput: Decodable {
        let campaigns: [ContractCampaign]
        let steps: [SequenceStep]
    }

    /// The campaigns each step made ready, in order.
    struct Ready: ContractExpectation {
        let ready: [[String]]
        static let keys: Set<String> = ["ready"]
    }

    static func sequence(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: SequenceInput.self)
        let expected = try contractCase.expected(as: Ready.self)
        guard expected.ready.count == input.steps.count else {
            throw ContractError.malformed(contractCase.id, "\"ready\" needs one list per step")
        }
        var engine = TriggerEngine()
        let atLoad = engine.load(input.campaigns.map(\.campaign)) { _ in true }
        #expect(atLoad.isEmpty, "no campaign is ready before an event is logged")
        for (index, step) in input.steps.enumerated() {
            let ready: [String]
            switch (step.log, step.startSession) {
            case (let event?, nil):
                ready = engine.log(event.value) { _ in true }.ready.map(\.id)
            case (nil, _?):
                engine.startSession()
                ready = []
            default:
                throw ContractError.malformed(contractCase.id, "step \(index) needs exactly one of \"log\" and \"startSession\"")
            }
            #expect(ready == expected.ready[index], "step \(index)")
        }
    }
}
