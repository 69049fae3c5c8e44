import Foundation
import MarqueeModel
import MarqueeTesting
import Testing

/// `triggers/regexSyntax` through campaign validation: a campaign whose condition matches the
/// pattern is created when the pattern is in the supported subset, and refused (422) with the
/// condition's value, where the pattern is, named as the problem otherwise.
enum TriggerRegexSyntaxCases {
    struct Input: Decodable {
        let pattern: String
    }

    struct Valid: ContractExpectation {
        let valid: Bool
        static let keys: Set<String> = ["valid"]
    }

    /// Where campaign validation names the pattern of the campaign's one condition.
    static let patternField = "triggers.triggers[0].conditions[0].value"

    static func run(_ cases: [ContractCase], on server: TestServer) async throws {
        let app = try await server.createApp()
        for contractCase in cases {
            do {
                try await run(contractCase, in: app, on: server)
            } catch {
                Issue.record(ServerContractRunner.failure(error, of: contractCase))
            }
        }
    }

    static func run(_ contractCase: ContractCase, in app: Fixtures.CreatedApp, on server: TestServer) async throws {
        let input = try contractCase.input(as: Input.self)
        let expected = try contractCase.expected(as: Valid.self)
        let condition = AttributeCondition(name: "code", type: .string, operator: .matchesRegex, value: input.pattern)
        let campaign = Fixtures.modal(contractCase.id, trigger: Trigger(.custom, name: "search", conditions: [condition]))
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: campaign)
        if expected.valid {
            #expect(response.status == .created, "\(contractCase.id): \(response.status) \(response.text)")
        } else {
            #expect(response.status == .unprocessableEntity && response.errorFields == [patternField],
                    "\(contractCase.id): \(response.status) \(response.text)")
        }
    }
}
