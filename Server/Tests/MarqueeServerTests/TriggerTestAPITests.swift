import Foundation
import MarqueeModel
import Testing

@Suite("Admin API: trigger tester")
struct TriggerTestAPITests {
    struct Results: Decodable {
        struct Result: Decodable {
            var campaignName: String
            var wouldFire: Bool
            var summary: String
        }

        var results: [Result]
    }

    static let levelUp = Trigger(.custom, name: "level_up",
                                 conditions: [AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "2")])

    @Test(arguments: TestDatabase.available)
    func eachCampaignSaysWhetherTheSampleEventFiresItAndWhyNot(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Level up", trigger: Self.levelUp), in: app)
            _ = try await server.createCampaign(Fixtures.modal("Welcome"), in: app)
            _ = try await server.createCampaign(Fixtures.modal("Old", status: .archived), in: app)
            let body: [String: Any] = [
                "event": ["kind": "custom", "name": "level_up", "attributes": [["name": "level", "type": "integer", "value": "2"]]],
                "user": ["userID": "ada", "appVersion": "2.0.0"],
            ]
            let raw = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
            let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/trigger_test", raw: raw)
            #expect(response.status == .ok, "\(response.text)")
            let results = try response.decode(Results.self).results
            #expect(results.map(\.campaignName) == ["Level up", "Welcome"], "archived campaigns are left out")
            #expect(results.map(\.wouldFire) == [false, false])
            #expect(results.first?.summary == "level: 2 is not greater than 2")
            #expect(results.last?.summary == "it fires at app start, before this event")
        }
    }

    @Test func badSamplesAreNamedAndViewersMayTest() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Level up", trigger: Self.levelUp), in: app)
            let path = "/api/v1/apps/\(app.id)/trigger_test"
            let noName = try await server.send(.POST, path, raw: #"{"event": {"kind": "custom"}}"#)
            #expect(noName.status == .unprocessableEntity)
            #expect(noName.errorFields == ["event.name"])
            let notAnInteger = try await server.send(.POST, path, raw: """
                {"event": {"kind": "custom", "name": "level_up", "attributes": [{"name": "level", "type": "integer", "value": "two"}]},
                 "user": {"appVersion": "not a version"}}
                """)
            #expect(notAnInteger.errorFields == ["event.attributes[0].value"])
            let unknown = try await server.send(.POST, path, raw: #"{"event": {"kind": "custom", "name": "x", "atributes": []}}"#)
            #expect(unknown.errorCode == "unknown_field")

            try await server.createAccount("viewer@example.com", role: "viewer")
            let session = try await server.signIn("viewer@example.com")
            let sample = ["event": ["kind": "custom", "name": "level_up"]]
            let viewer = try await server.send(.POST, path, session: session, json: sample)
            #expect(viewer.status == .ok, "testing changes nothing, so viewers may")
            let forged = try await server.send(.POST, path, session: session, csrf: false, json: sample)
            #expect(forged.status == .forbidden)
        }
    }
}
