import Foundation
import MarqueeTesting
import Testing

/// Runs the client contract (`contract/`) through the server: conditions through the trigger
/// tester, the regular-expression subset through campaign validation, signatures through identity
/// verification, bucketing through the server's rollouts and arms. What the server does not
/// decide is declared in `contract/skips/server.json`. Cases that need a server share one per
/// kind; each failure names its case.
@Suite("Client contract: server")
struct ServerContractTests {
    @Test func triggerConditionsThroughTheTriggerTester() async throws {
        let cases = ServerContractRunner.cases("triggers", "condition")
        #expect(!cases.isEmpty)
        try await TestServer.with { server in try await TriggerConditionCases.run(cases, on: server) }
    }

    @Test func regexSyntaxThroughCampaignValidation() async throws {
        let cases = ServerContractRunner.cases("triggers", "regexSyntax")
        #expect(!cases.isEmpty)
        try await TestServer.with { server in try await TriggerRegexSyntaxCases.run(cases, on: server) }
    }

    @Test func signaturesThroughIdentityVerification() async throws {
        let cases = ServerContractRunner.cases("identity", "signature")
        #expect(!cases.isEmpty)
        try await TestServer.with { server in try await IdentitySignatureCases.run(cases, on: server) }
    }

    @Test(arguments: ServerContractRunner.cases("bucketing"))
    func bucketing(_ contractCase: ContractCase) throws {
        try ServerBucketingCases.run(contractCase)
    }

    /// Every case the server does not declare skipped is one a test above runs.
    @Test func everyRunnableCaseIsOfAKindTheServerRuns() throws {
        _ = try ContractFixtures.loaded.get()
        for contractCase in ServerContractRunner.runnable {
            do {
                try ServerContractRunner.check(contractCase)
            } catch {
                Issue.record(Comment(rawValue: "\(error)"))
            }
        }
    }

    /// A skip names cases that exist and says why; a skip of a removed case must go with it.
    @Test func everySkipIsDeclaredWithAReasonAndNamesACase() throws {
        let cases = try ContractFixtures.loaded.get()
        let skips = try ContractSkips.server.get()
        #expect(!skips.entries.isEmpty)
        for problem in skips.problems(against: cases) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// A kind or area this runner does not know fails instead of passing unnoticed, and so does
    /// an expectation key it does not check.
    @Test func anUnknownKindAreaOrExpectationFails() {
        let empty = Data("{}".utf8)
        #expect(throws: ContractError.self) {
            try ServerContractRunner.check(ContractCase(area: "triggers", name: "x", kind: "sequence", input: empty, expected: empty))
        }
        #expect(throws: ContractError.self) {
            try ServerContractRunner.check(ContractCase(area: "display", name: "x", kind: "queue", input: empty, expected: empty))
        }
        #expect(throws: ContractError.self) {
            try ServerBucketingCases.run(ContractCase(area: "bucketing", name: "x", kind: "somethingNew", input: empty, expected: empty))
        }
        let extraKey = ContractCase(area: "bucketing", name: "x", kind: "unit", input: empty,
                                    expected: Data(#"{"unit": "anonymous", "arm": "a"}"#.utf8))
        #expect(throws: ContractError.self) { try ServerBucketingCases.run(extraKey) }
    }
}
