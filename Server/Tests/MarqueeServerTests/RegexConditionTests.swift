import Foundation
import MarqueeModel
import Testing

/// Regex conditions on the server: patterns outside the linear-time subset are refused with the
/// reason, and the pattern that stalled a backtracking engine is answered at once.
@Suite("Regex conditions")
struct RegexConditionTests {
    static func trigger(_ pattern: String) -> Trigger {
        Trigger(.custom, name: "search", conditions: [AttributeCondition(name: "query", type: .string, operator: .matchesRegex, value: pattern)])
    }

    @Test func aPatternOutsideTheSubsetIsRefusedWithTheReason() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: Fixtures.modal("Lookahead", trigger: Self.trigger("gold(?=en)")))
            #expect(response.status == .unprocessableEntity)
            #expect(response.text.contains("lookahead"), "\(response.text)")
            #expect(response.errorFields.contains { $0.hasSuffix("value") }, "\(response.errorFields)")
        }
    }

    /// The probe's reproduction: two trigger tests at once with the pattern `(.*a){12}$` and a
    /// value of forty a's and a '!'. A backtracking engine spent 33 s on each.
    @Test(arguments: TestDatabase.available)
    func thePathologicalPatternIsAnsweredWhileTheServerStaysResponsive(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Probe", trigger: Self.trigger("(.*a){12}$")), in: app)
            let value = String(repeating: "a", count: 40) + "!"
            let body = #"{"event": {"kind": "custom", "name": "search", "attributes": [{"name": "query", "type": "string", "value": "\#(value)"}]}}"#
            let path = "/api/v1/apps/\(app.id)/trigger_test"
            async let first = server.send(.POST, path, raw: body)
            async let second = server.send(.POST, path, raw: body)
            async let health = server.send(.GET, "/healthz", token: nil)
            for response in try await [first, second] {
                #expect(response.status == .ok, "\(response.text)")
                #expect(response.text.contains("\"wouldFire\":false"), "\(response.text)")
            }
            #expect(try await health.status == .ok)
        }
    }
}
