import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit
import Testing

/// Identifiers a device sends are copied into every impression it reports, so each has a limit:
/// over it, the request is refused with the field named and nothing is stored.
@Suite("Identifier limits")
struct IdentifierLimitTests {
    static func body(campaign: String, userID: String, impressions: Int = 100, batch: String = "b") -> ImpressionBody {
        ImpressionBody(campaignId: campaign, impressions: (0..<impressions).map { .init(type: 1, timestamp: 1_000 + Int64($0)) },
                       userIdentifiers: [UserIdentifierDTO(id: userID, type: .userID)], batchId: batch)
    }

    @Test(arguments: TestDatabase.available)
    func aHugeUserIDOrDeviceIDIsRefusedAndNothingIsStored(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let huge = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: "d",
                                             json: Self.body(campaign: campaign, userID: String(repeating: "u", count: 950_000)))
            #expect(huge.status == .badRequest, "\(huge.text.prefix(300))")
            #expect(huge.errorFields == ["userIdentifiers[0].id"])

            let longDevice = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                   deviceID: String(repeating: "d", count: 15_000),
                                                   json: Self.body(campaign: campaign, userID: "ada"))
            #expect(longDevice.status == .badRequest)
            #expect(longDevice.errorFields == ["device_id"])

            let ping = try await server.send(.POST, "/v1/ping", token: nil, subscription: app.subscriptionID, deviceID: "d",
                                             raw: #"{"userIdentifiers": [{"id": "\#(String(repeating: "x", count: 257))", "type": 3}], "appVersion": "1", "supportedCampaignTypes": [1]}"#)
            #expect(ping.status == .badRequest, "every SDK route applies the limits")

            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats").json
            #expect(stats["impressions"] as? Int == 0)
        }
    }

    /// The limits count bytes of UTF-8, not characters: a 4-byte character takes four of them, on
    /// every route that takes an identifier.
    @Test func theLimitsCountBytesNotCharacters() async throws {
        func wide(_ count: Int) -> String { String(repeating: "\u{1F600}", count: count) }
        try await TestServer.with { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            func impression(userID: String, deviceID: String, batch: String) async throws -> TestResponse {
                try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: deviceID,
                                      json: Self.body(campaign: campaign, userID: userID, impressions: 1, batch: batch))
            }
            let atLimits = try await impression(userID: wide(IdentifierLimits.userID / 4), deviceID: wide(IdentifierLimits.deviceID / 4), batch: "a")
            #expect(atLimits.status == .ok, "\(atLimits.text)")
            let longUser = try await impression(userID: wide(IdentifierLimits.userID / 4 + 1), deviceID: "d", batch: "b")
            #expect(longUser.status == .badRequest)
            #expect(longUser.errorFields == ["userIdentifiers[0].id"])
            #expect(longUser.text.contains("bytes"))
            let longDevice = try await impression(userID: "ada", deviceID: wide(IdentifierLimits.deviceID / 4 + 1), batch: "c")
            #expect(longDevice.status == .badRequest)
            #expect(longDevice.errorFields == ["device_id"])
            let longBatch = try await impression(userID: "ada", deviceID: "d", batch: wide(26))
            #expect(longBatch.status == .badRequest, "a batch id is limited to 100 bytes")

            // Admin routes take user IDs by the same rule.
            let profile = "/api/v1/apps/\(app.id)/users/\(wide(IdentifierLimits.userID / 4 + 1))/profile"
            #expect(try await server.send(.GET, profile.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!).status == .badRequest)
            let fits = "/api/v1/apps/\(app.id)/users/\(wide(IdentifierLimits.userID / 4))/profile"
            #expect(try await server.send(.GET, fits.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!).status == .ok)
            let testers = try await server.send(.POST, "/api/v1/apps/\(app.id)/testers", json: ["userID": wide(IdentifierLimits.userID / 4 + 1)])
            #expect(testers.status == .badRequest || testers.status == .unprocessableEntity, "\(testers.text)")
            #expect(testers.text.contains("bytes"))
            let attributes = try await server.send(.PUT, "/api/v1/apps/\(app.id)/users/ada/attributes",
                                                   json: ["attributes": [String(repeating: "a", count: 65): "x"]])
            #expect(attributes.status != .ok)
        }
    }

    /// At the limits, an impression row stays small: the database grows by a bounded number of
    /// bytes per impression, however a device fills its identifiers.
    @Test func theStoredBytesPerImpressionStayBounded() async throws {
        try await TestServer.with(.sqliteFile) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let sql = try #require(server.app.db as? any SQLDatabase)
            struct Pages: Decodable { var page_count: Int }
            func bytes() async throws -> Int {
                try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").run()
                return try #require(try await sql.raw("PRAGMA page_count").first(decoding: Pages.self)).page_count * 4096
            }
            let before = try await bytes()
            let batches = 20
            for index in 0..<batches {
                let userID = String(repeating: "u", count: IdentifierLimits.userID - 4) + String(format: "%04d", index)
                let deviceID = String(repeating: "d", count: IdentifierLimits.deviceID - 4) + String(format: "%04d", index)
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: deviceID,
                                                     json: Self.body(campaign: campaign, userID: userID, batch: "batch-\(index)"))
                #expect(response.status == .ok, "\(response.text)")
            }
            let perImpression = (try await bytes() - before) / (batches * 100)
            #expect(perImpression <= 2_048, "\(perImpression) bytes per impression")
        }
    }
}
