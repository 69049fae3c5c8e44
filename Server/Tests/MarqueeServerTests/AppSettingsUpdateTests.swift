import Foundation
import MarqueeModel
import Testing

/// `PUT` replaces an app's settings and must be given all of them; `PATCH` changes only what it is given.
@Suite("Admin API: replacing and patching an app")
struct AppSettingsUpdateTests {
    private static let caps = [FrequencyCap(id: "daily", limit: 2, periodSeconds: 86_400)]

    private func makeApp(_ server: TestServer) async throws -> Fixtures.CreatedApp {
        try await server.createApp(.init(name: "Shop", subscriptionID: "shop-sub", rolloutPercentage: 5,
                                         testUserIDs: ["tester"], testDeviceIDs: ["device-9"], frequencyCaps: Self.caps))
    }

    @Test(arguments: TestDatabase.available)
    func patchRenamesWithoutResettingTheRest(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await makeApp(server)
            let patched = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"name": "Shop 2"}"#)
            #expect(patched.status == .ok)
            let read = try await server.send(.GET, "/api/v1/apps/\(app.id)").json
            #expect(read["name"] as? String == "Shop 2")
            #expect(read["rolloutPercentage"] as? Int == 5, "a rename keeps a 5 % rollout")
            #expect(read["testUserIDs"] as? [String] == ["tester"])
            #expect(read["testDeviceIDs"] as? [String] == ["device-9"])
            #expect((read["frequencyCaps"] as? [Any])?.count == 1)
            #expect(read["subscriptionID"] as? String == "shop-sub")
        }
    }

    @Test(arguments: TestDatabase.available)
    func putWithMissingFieldsIsRejectedAndChangesNothing(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await makeApp(server)
            let response = try await server.send(.PUT, "/api/v1/apps/\(app.id)", raw: #"{"name": "Shop 2"}"#)
            #expect(response.status == .unprocessableEntity)
            #expect(Set(response.errorFields) == ["subscriptionID", "rolloutPercentage", "pingIntervalSeconds",
                                                  "testUserIDs", "testDeviceIDs", "frequencyCaps", "identityVerification", "deviceProfile",
                                                  "webOrigins"])
            let read = try await server.send(.GET, "/api/v1/apps/\(app.id)").json
            #expect(read["name"] as? String == "Shop")
            #expect(read["rolloutPercentage"] as? Int == 5)
        }
    }

    @Test(arguments: TestDatabase.available)
    func putWithEveryFieldReplacesTheSettings(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await makeApp(server)
            let response = try await server.send(.PUT, "/api/v1/apps/\(app.id)", raw: """
                {"name": "Shop 2", "subscriptionID": "shop-sub-2", "rolloutPercentage": 50, "pingIntervalSeconds": 60,
                 "testUserIDs": [], "testDeviceIDs": ["d"], "frequencyCaps": [], "identityVerification": "off",
                 "deviceProfile": {"attributes": {"age": "number"}, "tags": ["newsletter"]}, "webOrigins": []}
                """)
            #expect(response.status == .ok)
            #expect(response.json["subscriptionID"] as? String == "shop-sub-2")
            #expect(response.json["rolloutPercentage"] as? Int == 50)
            #expect(response.json["testUserIDs"] as? [String] == [])
            #expect(response.json["testDeviceIDs"] as? [String] == ["d"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func identifiersAreLowerCaseEverywhere(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await makeApp(server)
            let created = try await server.send(.POST, "/api/v1/apps", raw: #"{"name": "Other"}"#)
            let appID = try #require(created.json["id"] as? String)
            #expect(appID == appID.lowercased())
            let campaignID = try await server.createCampaign(Fixtures.modal(), in: app)
            #expect(campaignID == campaignID.lowercased())
            let campaign = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaignID)").json
            #expect(campaign["appID"] as? String == app.id.uuidString.lowercased())
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaignID)/stats").json
            #expect(stats["campaignID"] as? String == campaignID)
            // Either spelling still finds the app.
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id.uuidString.uppercased())").status == .ok)
        }
    }
}
