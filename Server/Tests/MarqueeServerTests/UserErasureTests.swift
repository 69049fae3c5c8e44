import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// A privacy request removes everything stored about one user of one app, and nothing else.
@Suite("Erasing a user's data")
struct UserErasureTests {
    @Test(arguments: TestDatabase.available)
    func aUsersImpressionsAreRemovedAndOnlyTheirs(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let other = try await server.createApp(.init(name: "Other"))
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            let otherID = try await server.createCampaign(Fixtures.modal(), in: other)
            func post(_ identifiers: [UserIdentifierDTO], app target: Fixtures.CreatedApp, campaign: String, batch: String) async throws {
                let body = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: 1_000)],
                                          userIdentifiers: identifiers, batchId: batch)
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: target.subscriptionID,
                                                     deviceID: "d-\(batch)", json: body)
                #expect(response.status == .ok)
            }
            try await post([UserIdentifierDTO(id: "ada%", type: .userID)], app: app, campaign: id, batch: "1")
            try await post([UserIdentifierDTO(id: "ada%", type: .userID), UserIdentifierDTO(id: "t-1", type: .idTrackingIdentifier)],
                           app: app, campaign: id, batch: "2")
            try await post([UserIdentifierDTO(id: "ada%", type: .idTrackingIdentifier)], app: app, campaign: id, batch: "3")
            try await post([UserIdentifierDTO(id: "ada%x", type: .userID)], app: app, campaign: id, batch: "4")
            try await post([], app: app, campaign: id, batch: "5")
            try await post([UserIdentifierDTO(id: "ada%", type: .userID)], app: other, campaign: otherID, batch: "6")

            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada%25")
            #expect(erased.status == .ok, "\(erased.text)")
            #expect(erased.json["deletedImpressions"] as? Int == 3)
            #expect(erased.json["userID"] as? String == "ada%")

            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["impressions"] as? Int == 5, "the campaign's counts stay, naming no one")
            #expect(stats["uniqueViewers"] as? Int == 2, "only a similar ID and the anonymous user are still known")
            let otherStats = try await server.send(.GET, "/api/v1/apps/\(other.id)/campaigns/\(otherID)/stats").json
            #expect(otherStats["impressions"] as? Int == 1, "another app's user of the same ID is untouched")

            let again = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada%25")
            #expect(again.json["deletedImpressions"] as? Int == 0)
            let foreign = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada", token: try #require(other.secret))
            #expect(foreign.status == .notFound, "another app's secret cannot reach this app's users")
        }
    }

    /// Erasure leaves no trace of the ID: the testers list loses it, and every audit entry that
    /// named it (setting the user's attributes, adding them as a tester, the erasure itself) names
    /// a pseudonym instead. Campaigns whose targeting lists the user are reported, not edited.
    @Test(arguments: TestDatabase.available)
    func testersAndAuditEntriesNoLongerNameTheUser(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var targeted = Fixtures.modal("For Grace")
            targeted.targeting.userIDs = ["grace", "other"]
            let campaign = try await server.createCampaign(targeted, in: app)
            #expect(try await server.send(.POST, "/api/v1/apps/\(app.id)/testers", raw: #"{"userID": "grace"}"#).status == .ok)
            #expect(try await server.send(.PUT, "/api/v1/apps/\(app.id)/users/grace/attributes",
                                          raw: #"{"attributes": {"first_name": "Grace"}}"#).status == .ok)

            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/grace")
            #expect(erased.status == .ok, "\(erased.text)")
            #expect(erased.json["removedFromTesters"] as? Bool == true)
            #expect(erased.json["campaignsNamingUser"] as? [String] == [campaign])
            let pseudonym = try #require(erased.json["pseudonym"] as? String)
            #expect((erased.json["pseudonymizedAuditEntries"] as? Int ?? 0) >= 2)

            let read = try await server.send(.GET, "/api/v1/apps/\(app.id)").json
            #expect(read["testUserIDs"] as? [String] == [])
            let audit = try await server.send(.GET, "/api/v1/audit?appID=\(app.id)&limit=500").text
            #expect(!audit.contains("grace"), "the audit log no longer names the user")
            #expect(audit.contains(pseudonym))
            #expect(audit.contains("For Grace"), "names that merely contain the ID are not the ID: the campaign keeps its name")
        }
    }
}
