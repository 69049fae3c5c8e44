import Fluent
import Foundation
@testable import MarqueeServer
import SQLKit
import Testing

/// Rows the impression writer stores without SQLKit's encoder (on a SQLite file) are the rows
/// Fluent would store: the same text for a UUID, the same number for a date, so they join with
/// and read back as Fluent's own rows.
@Suite("Rows inserted natively")
struct NativeRowInsertTests {
    @Test func aUUIDsTextIsItsUUIDString() {
        let ids = (0..<1_000).map { _ in UUID() } + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                                                      UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        for id in ids { #expect(id.uppercaseText == id.uuidString) }
    }

    @Test(arguments: TestDatabase.production)
    func impressionsStoredByTheWriterReadBackAsFluentsRows(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let body = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: 1_700_000_000_123),
                                                                          .init(type: 2, timestamp: 1_700_000_000_456)],
                                      batchId: "native-1")
            let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                 deviceID: "device-7", json: body)
            #expect(response.status == .ok, "\(response.text)")

            let impressions = try await ImpressionRecord.query(on: server.app.db).sort(\.$occurredAt).all()
            #expect(impressions.map(\.type) == [1, 2])
            #expect(impressions.map(\.occurredAt) == [1_700_000_000_123, 1_700_000_000_456])
            #expect(impressions.allSatisfy { $0.appID == app.id && $0.campaignID.uuidString.lowercased() == campaign })
            #expect(impressions.allSatisfy { $0.deviceID == "device-7" && !$0.isTest && $0.variant == "" })
            let batch = try #require(try await ImpressionBatchRecord.query(on: server.app.db).first())
            #expect(batch.batchKey == "id:native-1")
            #expect(impressions.allSatisfy { $0.batchID == batch.id })
            let receivedAt = try #require(batch.receivedAt)
            #expect(abs(receivedAt.timeIntervalSince(server.clock.now())) < 0.001)

            // Joins compare stored values exactly: each impression finds its app, campaign and batch.
            let sql = try #require(server.app.db as? any SQLDatabase)
            let joined = try await sql.raw("""
                SELECT COUNT(*) AS n FROM impressions
                JOIN apps ON apps.id = impressions.app_id
                JOIN campaigns ON campaigns.id = impressions.campaign_id
                JOIN impression_batches ON impression_batches.id = impressions.batch_id
                """).first(decoding: Count.self)
            #expect(joined?.n == 2)
        }
    }

    private struct Count: Decodable { var n: Int }
}
