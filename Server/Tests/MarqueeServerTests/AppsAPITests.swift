import Foundation
import MarqueeModel
import Testing

@Suite("Admin API: apps")
struct AppsAPITests {
    @Test(arguments: TestDatabase.available)
    func createReadUpdateDeleteAndList(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let created = try await server.createApp(.init(name: "Shop", subscriptionID: "shop-sub", rolloutPercentage: 50))
            #expect(created.subscriptionID == "shop-sub")
            #expect(created.rolloutPercentage == 50)
            #expect(created.pingIntervalSeconds == 3600)
            #expect(created.secret?.hasPrefix("mqs_") == true)

            let read = try await server.send(.GET, "/api/v1/apps/\(created.id)")
            #expect(read.status == .ok)
            #expect(read.json["secret"] == nil, "the secret is shown only once")

            let updated = try await server.send(.PATCH, "/api/v1/apps/\(created.id)", json: Fixtures.NewApp(
                name: "Shop 2", rolloutPercentage: 100, frequencyCaps: [FrequencyCap(id: "daily", limit: 2, periodSeconds: 86_400)]))
            #expect(updated.status == .ok)
            #expect(updated.json["name"] as? String == "Shop 2")
            #expect(updated.json["subscriptionID"] as? String == "shop-sub", "an omitted subscription ID is kept")

            _ = try await server.createApp(.init(name: "Other"))
            let list = try await server.send(.GET, "/api/v1/apps")
            #expect((list.json["items"] as? [Any])?.count == 2)

            #expect(try await server.send(.DELETE, "/api/v1/apps/\(created.id)").status == .noContent)
            #expect(try await server.send(.GET, "/api/v1/apps/\(created.id)").status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func validationNamesEveryBadField(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let response = try await server.send(.POST, "/api/v1/apps", json: Fixtures.NewApp(
                name: " ", subscriptionID: "a b", rolloutPercentage: 101, pingIntervalSeconds: 1,
                frequencyCaps: [FrequencyCap(id: "", limit: 0, periodSeconds: 0)]))
            #expect(response.status == .unprocessableEntity)
            #expect(response.errorCode == "validation_failed")
            #expect(Set(response.errorFields).isSuperset(of: [
                "name", "subscriptionID", "rolloutPercentage", "pingIntervalSeconds",
                "frequencyCaps[0].id", "frequencyCaps[0].limit", "frequencyCaps[0].periodSeconds",
            ]))
            let list = try await server.send(.GET, "/api/v1/apps")
            #expect((list.json["items"] as? [Any])?.isEmpty == true, "nothing was written")
        }
    }

    @Test(arguments: TestDatabase.available)
    func duplicateSubscriptionIDConflicts(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            _ = try await server.createApp(.init(subscriptionID: "same"))
            let second = try await server.send(.POST, "/api/v1/apps", json: Fixtures.NewApp(subscriptionID: "same"))
            #expect(second.status == .conflict)
            #expect(second.errorCode == "conflict")
        }
    }

    @Test(arguments: TestDatabase.available)
    func authenticationIsRequired(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let missing = try await server.send(.GET, "/api/v1/apps", token: nil)
            #expect(missing.status == .unauthorized)
            #expect(missing.errorCode == "unauthorized")
            let wrong = try await server.send(.GET, "/api/v1/apps", token: "not-the-token")
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test(arguments: TestDatabase.available)
    func appSecretReachesOnlyItsOwnApp(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let mine = try await server.createApp(.init(name: "Mine"))
            let theirs = try await server.createApp(.init(name: "Theirs"))
            let secret = try #require(mine.secret)
            let theirCampaign = try await server.createCampaign(Fixtures.modal(), in: theirs)

            #expect(try await server.send(.GET, "/api/v1/apps/\(mine.id)", token: secret).status == .ok)
            let listed = try await server.send(.GET, "/api/v1/apps", token: secret)
            #expect(listed.status == .ok)
            #expect((listed.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Mine"],
                    "an app's secret lists its own app only")
            let session = try await server.send(.GET, "/api/v1/session", token: secret).json
            #expect(session["role"] as? String == "app")
            #expect(session["appID"] as? String == mine.id.uuidString.lowercased())
            #expect(try await server.send(.GET, "/api/v1/session").json["role"] as? String == "admin")
            #expect(try await server.send(.POST, "/api/v1/apps", token: secret, json: Fixtures.NewApp()).status == .forbidden)
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(mine.id)", token: secret).status == .forbidden)
            #expect(try await server.send(.GET, "/api/v1/apps/\(theirs.id)", token: secret).status == .notFound)
            #expect(try await server.send(.GET, "/api/v1/apps/\(theirs.id)/campaigns", token: secret).status == .notFound)
            #expect(try await server.send(.GET, "/api/v1/apps/\(theirs.id)/campaigns/\(theirCampaign)", token: secret).status == .notFound)
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(theirs.id)/campaigns/\(theirCampaign)", token: secret).status == .notFound)
            // The app's own campaigns are reachable with its secret, but not another app's through its path.
            #expect(try await server.send(.GET, "/api/v1/apps/\(mine.id)/campaigns/\(theirCampaign)", token: secret).status == .notFound)
            let ownCampaign = try await server.createCampaign(Fixtures.modal(), in: mine, token: secret)
            #expect(try await server.send(.GET, "/api/v1/apps/\(mine.id)/campaigns/\(ownCampaign)", token: secret).status == .ok)
            #expect(try await server.send(.GET, "/api/v1/apps/\(theirs.id)/campaigns/\(theirCampaign)").status == .ok,
                    "nothing of theirs was changed")
        }
    }

    @Test(arguments: TestDatabase.available)
    func rotatingTheSecretRevokesTheOldOne(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let old = try #require(app.secret)
            let rotated = try await server.send(.POST, "/api/v1/apps/\(app.id)/secret", token: old)
            #expect(rotated.status == .ok)
            let new = try #require(rotated.json["secret"] as? String)
            #expect(new != old)
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)", token: old).status == .unauthorized)
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)", token: new).status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func malformedIDsAndBodiesAreClearErrors(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let badID = try await server.send(.GET, "/api/v1/apps/not-a-uuid")
            #expect(badID.status == .badRequest)
            #expect(badID.errorCode == "invalid_id")
            let badJSON = try await server.send(.POST, "/api/v1/apps", raw: "{\"name\": ")
            #expect(badJSON.status == .badRequest)
            #expect(badJSON.errorCode == "invalid_body")
            let wrongType = try await server.send(.POST, "/api/v1/apps", raw: "{\"name\": 3}")
            #expect(wrongType.status == .badRequest)
            #expect(wrongType.json.description.contains("name"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func droppingACapThatCampaignsUseIsRejected(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(frequencyCaps: [FrequencyCap(id: "daily", limit: 1, periodSeconds: 86_400)]))
            var campaign = Fixtures.modal()
            campaign.delivery.frequencyCapIDs = ["daily"]
            _ = try await server.createCampaign(campaign, in: app)
            let response = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", json: Fixtures.NewApp(frequencyCaps: []))
            #expect(response.status == .unprocessableEntity)
            #expect(response.errorFields == ["frequencyCaps"])
        }
    }
}
