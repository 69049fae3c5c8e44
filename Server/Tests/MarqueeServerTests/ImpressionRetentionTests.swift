import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import SQLKit
import Testing

/// Raw impressions older than the retention period are removed; campaign counts stay whole.
@Suite("Impression retention")
struct ImpressionRetentionTests {
    @Test(arguments: TestDatabase.available)
    func rawImpressionsPastThePeriodAreRetiredAndCountsKept(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            func post(user: String, batch: String, types: [Int]) async throws {
                // Devices report their own times; retention must not trust them, so this one is far in the future.
                let body = ImpressionBody(campaignId: campaign, impressions: types.map { .init(type: $0, timestamp: 9_000_000_000_000) },
                                          userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: batch)
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                     deviceID: "device-\(user)", json: body)
                #expect(response.status == .ok, "\(response.text)")
            }
            let retention = ImpressionRetention(days: 30, database: server.app.db, clock: server.clock)

            try await post(user: "old", batch: "a", types: [1, 2])
            server.clock.advance(by: 20 * 86_400)
            try await post(user: "recent", batch: "b", types: [1, 5])
            #expect(try await retention.sweep() == 0, "nothing is 30 days old yet")

            struct HistoryRow: Decodable { var user_digest: KeyDigest }
            let sql = try #require(server.app.db as? any SQLDatabase)
            let names = [KeyDigest("old"): "old", KeyDigest("recent"): "recent"]
            func historyUsers() async throws -> [String] {
                try await sql.raw("SELECT user_digest FROM user_history").all(decoding: HistoryRow.self)
                    .map { names[$0.user_digest] ?? "someone else" }.sorted()
            }
            #expect(try await historyUsers() == ["old", "old", "recent", "recent"], "seen and clicked, by each")

            server.clock.advance(by: 15 * 86_400)   // "old" is 35 days old, "recent" 15
            #expect(try await retention.sweep() == 2)
            #expect(try await historyUsers() == ["recent", "recent"], "the history segments read goes with the impressions")
            #expect(try await retention.sweep() == 0, "a second sweep finds nothing more")

            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats").json
            #expect(stats["impressions"] as? Int == 2, "retired and raw impressions are both counted")
            #expect(stats["buttonOneClicks"] as? Int == 1)
            #expect(stats["contentClicks"] as? Int == 1)
            #expect(stats["uniqueViewers"] as? Int == 1, "viewers are counted over the retention period")

            let erasedOld = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/old").json
            #expect(erasedOld["deletedImpressions"] as? Int == 0, "nothing naming the old user is left")
            let erasedRecent = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/recent").json
            #expect(erasedRecent["deletedImpressions"] as? Int == 2)
            let after = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats").json
            #expect(after["impressions"] as? Int == 2, "erasure keeps the counts too")
        }
    }

    @Test(arguments: TestDatabase.production)
    func sweepsRacingIngestionLoseAndDoubleNothing(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            @Sendable func post(_ batch: String) async throws -> Bool {
                let body = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: 1_000)],
                                          userIdentifiers: [], batchId: batch)
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                     deviceID: "device-\(batch)", json: body)
                return response.status == .ok && response.json["stored"] as? Bool == true
            }
            for index in 0..<20 { #expect(try await post("old-\(index)")) }
            server.clock.advance(by: 40 * 86_400)
            let retention = ImpressionRetention(days: 30, database: server.app.db, clock: server.clock, batchesPerStep: 3)
            // New batches arrive while several sweeps retire the old ones.
            let (stored, retired) = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for index in 0..<20 { group.addTask { (try await post("new-\(index)") ? 1 : 0, 0) } }
                for _ in 0..<4 { group.addTask { (0, try await retention.sweep()) } }
                return try await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
            }
            #expect(stored == 20)
            #expect(retired == 20, "every old impression retired once, none of the new")
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats").json
            #expect(stats["impressions"] as? Int == 40)
            #expect(stats["uniqueViewers"] as? Int == 20, "only the new batches' devices remain as raw rows")
        }
    }

    @Test func manyBatchesAreRetiredInSteps() async throws {
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let batches = 11
            for index in 0..<batches {
                let body = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: Int64(index) * 86_400_000)],
                                          userIdentifiers: [], batchId: "batch-\(index)")
                let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                     deviceID: "device-\(index)", json: body)
                #expect(response.status == .ok)
            }
            server.clock.advance(by: 2 * 86_400)
            #expect(try await ImpressionRetention(days: 1, database: server.app.db, clock: server.clock, batchesPerStep: 3).sweep() == batches)
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats").json
            #expect(stats["impressions"] as? Int == batches)
            #expect(stats["uniqueViewers"] as? Int == 0)
        }
    }
}
