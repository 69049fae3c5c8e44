import Foundation
import MarqueeModel
import MarqueeTesting
import Testing

/// `triggers/condition` through the trigger tester (`POST /api/v1/apps/{appID}/trigger_test`).
/// One app holds a campaign per case, each waiting for a custom event of its own carrying the
/// case's condition; each case then sends its event with its attributes, and the condition check
/// the tester reports is the outcome. Campaigns are made first and tested one by one, so the
/// cases share one server.
enum TriggerConditionCases {
    struct Input: Decodable {
        let condition: AttributeCondition
        let attributes: [String: AttributeValue]
    }

    struct Matches: ContractExpectation {
        let matches: Bool
        static let keys: Set<String> = ["matches"]
    }

    /// One case with its campaign made.
    struct Prepared {
        let contractCase: ContractCase
        let campaignID: String
        let event: String
        let attributes: [TriggerTestAttribute]
        let matches: Bool
    }

    /// The tester's body: the sample event alone (no app start first), for one campaign.
    struct Request: Encodable {
        struct Event: Encodable {
            let kind = "custom"
            let name: String
            let attributes: [TriggerTestAttribute]
        }

        let event: Event
        let afterAppStart = false
        let campaignIDs: [String]
    }

    struct Answer: Decodable {
        let results: [TriggerTestResult]
    }

    static func run(_ cases: [ContractCase], on server: TestServer) async throws {
        let app = try await server.createApp()
        var prepared: [Prepared] = []
        for (index, contractCase) in cases.enumerated() {
            do {
                prepared.append(try await prepare(contractCase, event: "contract_case_\(index)", in: app, on: server))
            } catch {
                Issue.record(ServerContractRunner.failure(error, of: contractCase))
            }
        }
        for item in prepared {
            let request = Request(event: .init(name: item.event, attributes: item.attributes), campaignIDs: [item.campaignID])
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/trigger_test", json: request)
            guard response.status == .ok, let result = try? response.decode(Answer.self).results.first else {
                Issue.record(Comment(rawValue: "\(item.contractCase.id): the trigger tester answered \(response.status): \(response.text)"))
                continue
            }
            guard let check = result.triggers.first?.conditions.first else {
                Issue.record(Comment(rawValue: "\(item.contractCase.id): the tester checked no condition: \(response.text)"))
                continue
            }
            #expect(check.matched == item.matches, "\(item.contractCase.id): \(check.reason)")
        }
    }

    /// Reads the case and makes its campaign: `event` with the case's condition.
    static func prepare(_ contractCase: ContractCase, event: String, in app: Fixtures.CreatedApp,
                        on server: TestServer) async throws -> Prepared {
        let input = try contractCase.input(as: Input.self)
        let expected = try contractCase.expected(as: Matches.self)
        let attributes = try input.attributes.sorted { $0.key < $1.key }.map { name, value in
            try TriggerTestAttribute(name: name, value: value, in: contractCase)
        }
        let trigger = Trigger(.custom, name: event, conditions: [input.condition])
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns",
                                             json: Fixtures.modal(contractCase.id, trigger: trigger))
        guard response.status == .created else {
            throw ContractError.malformed(contractCase.id, "the server refused the case's condition: \(response.status) \(response.text)")
        }
        return Prepared(contractCase: contractCase, campaignID: try response.decode(Campaign.self).id, event: event,
                        attributes: attributes, matches: expected.matches)
    }
}
