import Foundation
import MarqueeModel
import Testing

@Suite("Admin API: testers")
struct TestersAPITests {
    struct Testers: Decodable {
        var testUserIDs: [String]
        var testDeviceIDs: [String]
    }

    @Test(arguments: TestDatabase.available)
    func anEditorMakesAUserATesterWhoThenGetsTestCampaigns(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var test = Fixtures.modal("Just for QA")
            test.isTest = true
            _ = try await server.createCampaign(test, in: app)
            try await server.createAccount("editor@example.com", role: "editor")
            let editor = try await server.signIn("editor@example.com")
            let path = "/api/v1/apps/\(app.id)/testers"

            func pinged(as user: String) async throws -> Int {
                let ping = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID,
                                                 json: Fixtures.pingBody(userID: user))
                return (ping.json["data"] as? [Any])?.count ?? -1
            }
            #expect(try await pinged(as: "qa-ada") == 0, "not a tester yet")

            let added = try await server.send(.POST, path, session: editor, json: ["userID": "qa-ada"])
            #expect(added.status == .ok, "\(added.text)")
            #expect(try added.decode(Testers.self).testUserIDs == ["qa-ada"])
            let again = try await server.send(.POST, path, session: editor, json: ["userID": "qa-ada"])
            #expect(try again.decode(Testers.self).testUserIDs == ["qa-ada"], "added once")
            let device = try await server.send(.POST, path, session: editor, json: ["deviceID": "qa-phone"])
            #expect(try device.decode(Testers.self).testDeviceIDs == ["qa-phone"])

            #expect(try await pinged(as: "qa-ada") == 1, "a tester gets the test campaign")
            #expect(try await pinged(as: "someone-else") == 0)
        }
    }

    @Test func oneOfUserOrDeviceAndOnlyEditorsOrAdmins() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let path = "/api/v1/apps/\(app.id)/testers"
            let neither = try await server.send(.POST, path, json: [String: String]())
            #expect(neither.status == .unprocessableEntity)
            let both = try await server.send(.POST, path, json: ["userID": "a", "deviceID": "b"])
            #expect(both.status == .unprocessableEntity)
            try await server.createAccount("viewer@example.com", role: "viewer")
            let viewer = try await server.signIn("viewer@example.com")
            #expect(try await server.send(.POST, path, session: viewer, json: ["userID": "a"]).status == .forbidden)
        }
    }
}
