import Foundation
import MarqueeTesting
import Testing

/// Runs the client contract (`contract/`): every case of every area, except those the Swift SDK
/// declares skipped in `contract/skips/swift.json`, each through the SDK's own code.
@Suite struct ContractTests {
    @Test(arguments: ContractFixtures.runnable(skipping: ContractSkips.swift))
    func contractCase(_ contractCase: ContractCase) throws {
        try ContractRunner.run(contractCase)
    }

    @Test func everyFileReadsAndEveryCaseIsNamedOnce() throws {
        let cases = try ContractFixtures.loaded.get()
        #expect(!cases.isEmpty)
        var seen = Set<String>()
        for contractCase in cases {
            #expect(seen.insert(contractCase.id).inserted, "\(contractCase.id) is named twice")
        }
        for area in ["triggers", "bucketing", "identity", "display"] {
            #expect(cases.contains { $0.area == area }, "no cases for \(area)")
        }
    }

    /// A skip names cases that exist and says why; a skip of a removed case must go with it.
    @Test func everySkipIsDeclaredWithAReasonAndNamesACase() throws {
        let cases = try ContractFixtures.loaded.get()
        for problem in try ContractSkips.swift.get().problems(against: cases) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// A skip without a reason, or one that names no case, is reported.
    @Test func skipProblemsAreFound() throws {
        let cases = try ContractFixtures.loaded.get()
        let skips = ContractSkips(entries: ["identity/signature/*": " ", "identity/gone/*": "it went"])
        #expect(skips.problems(against: cases) == ["the skip identity/gone/* names no case", "the skip identity/signature/* gives no reason"])
    }

    @Test func theVersionIsSemantic() throws {
        let parts = try ContractFixtures.version().split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
    }

    @Test func globsMatchWholeNames() {
        #expect(ContractSkips.glob("identity/signature/*", matches: "identity/signature/user-id"))
        #expect(ContractSkips.glob("*/user-id", matches: "identity/signature/user-id"))
        #expect(ContractSkips.glob("a*b*c", matches: "a-b-b-c"))
        #expect(!ContractSkips.glob("identity/signature/*", matches: "identity/user-info/x"))
        #expect(!ContractSkips.glob("identity/signature", matches: "identity/signature/user-id"))
        #expect(!ContractSkips.glob("a*bc", matches: "abc-bc-x"))
    }

    /// A kind or area this runner does not know fails instead of passing unnoticed.
    @Test func anUnknownKindOrAreaFails() {
        let empty = Data("{}".utf8)
        #expect(throws: ContractError.self) {
            try ContractRunner.run(ContractCase(area: "triggers", name: "x", kind: "somethingNew", input: empty, expected: empty))
        }
        #expect(throws: ContractError.self) {
            try ContractRunner.run(ContractCase(area: "somewhereNew", name: "x", kind: "condition", input: empty, expected: empty))
        }
    }
}
