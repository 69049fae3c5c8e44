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
