import Foundation
import MarqueeModel
import MarqueeWire
import SQLKit
import Testing

/// Writes racing each other on the databases production uses: a SQLite file and PostgreSQL.
@Suite("Concurrent writes")
struct ConcurrentWritesTests {
    @Test(arguments: TestDatabase.production)
    func anAppUpdateRacingAPauseNeverResurrectsTheCampaign(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(name: "Shop", rolloutPercentage: 5))
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            let statusPath = "/api/v1/apps/\(app.id)/campaigns/\(id)/status"
            for round in 0..<10 {
                _ = try await server.send(.PUT, statusPath, json: ["status": "active"])
                #expect(try await server.ping(app).campaigns.map(\.id) == [id], "round \(round): active")

                async let rename = server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"name": "Shop \#(round)"}"#)
                async let pause = server.send(.PUT, statusPath, json: ["status": "paused"])
                let (renamed, paused) = try await (rename, pause)
                #expect(renamed.status == .ok)
                #expect(paused.status == .ok)

                #expect(try await server.ping(app).campaigns.isEmpty, "round \(round): the paused campaign is gone")
                let permission = DisplayPermissionRequest(subscriptionId: app.subscriptionID, campaignId: id, userIdentifiers: [],
                                                          platform: 1, appVersion: "1.0", sdkVersion: "1", locale: "en",
                                                          lastPingInMillis: 0)
                let answer = try await server.send(.POST, "/v1/display_permission", token: nil,
                                                   subscription: app.subscriptionID, json: permission)
                #expect(try answer.decode(DisplayPermissionResponse.self).display == false)
            }
            let read = try await server.send(.GET, "/api/v1/apps/\(app.id)").json
            #expect(read["rolloutPercentage"] as? Int == 5)
        }
    }

    @Test(arguments: TestDatabase.production)
    func concurrentPatchesOfDifferentSettingsAreAllKept(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp(.init(name: "Shop", rolloutPercentage: 100))
            for round in 1...8 {
                async let rollout = server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"rolloutPercentage": \#(round)}"#)
                async let testers = server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"testUserIDs": ["tester-\#(round)"]}"#)
                let (first, second) = try await (rollout, testers)
                #expect(first.status == .ok)
                #expect(second.status == .ok)
                let read = try await server.send(.GET, "/api/v1/apps/\(app.id)").json
                #expect(read["rolloutPercentage"] as? Int == round, "round \(round): neither patch undoes the other")
                #expect(read["testUserIDs"] as? [String] == ["tester-\(round)"], "round \(round)")
            }
        }
    }

    @Test(arguments: TestDatabase.production)
    func everyConcurrentWriteMovesTheVersionForward(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let writes = 24
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<writes {
                    group.addTask {
                        let response = try await retryingWhileBusy {
                            index.isMultiple(of: 3)
                                ? try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"name": "App \#(index)"}"#)
                                : try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: Fixtures.modal("C\(index)"))
                        }
                        return Int(response.status.code)
                    }
                }
                for try await status in group { #expect((200..<300).contains(status)) }
            }
            #expect(try await server.campaignsVersion(of: app) == writes, "one bump per write, none lost")
        }
    }

    /// On a SQLite file impressions commit on a connection of their own while campaign writes use
    /// the application's: both take their turn for the one write lock, and neither is refused.
    @Test(arguments: TestDatabase.production)
    func impressionsRacingCampaignWritesAreAllStored(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            let posts = 120, creations = 12
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<posts {
                    group.addTask {
                        let body = ImpressionBody(campaignId: id, impressions: [.init(type: 1, timestamp: 1_000), .init(type: 2, timestamp: 1_001)],
                                                  batchId: "race-\(index)")
                        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                             deviceID: "device-\(index)", json: body)
                        return (Int(response.status.code), response.text)
                    }
                }
                for index in 0..<creations {
                    group.addTask {
                        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", json: Fixtures.modal("Race \(index)"))
                        return (Int(response.status.code), response.text)
                    }
                }
                for try await (status, text) in group { #expect((200..<300).contains(status), "\(text)") }
            }
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["impressions"] as? Int == posts)
            #expect(stats["buttonOneClicks"] as? Int == posts)
            #expect(try await server.campaignsVersion(of: app) == creations + 1, "every campaign write committed once")
        }
    }

    @Test(arguments: TestDatabase.production)
    func twoHundredConcurrentImpressionPostsAreAllStoredAndCounted(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Fixtures.modal(), in: app)
            let posts = 200
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<posts {
                    group.addTask {
                        let body = ImpressionBody(campaignId: id, impressions: [.init(type: 1, timestamp: 1_000 + Int64(index))],
                                                  batchId: "batch-\(index)")
                        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                             deviceID: "device-\(index)", json: body)
                        return (Int(response.status.code), response.text)
                    }
                }
                for try await (status, text) in group { #expect((200..<300).contains(status), "\(text)") }
            }
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["impressions"] as? Int == posts)
            #expect(stats["uniqueViewers"] as? Int == posts)
        }
    }
}

extension TestServer {
    /// The app's catalog version as stored.
    func campaignsVersion(of app: Fixtures.CreatedApp) async throws -> Int {
        struct Row: Decodable { var campaigns_version: Int }
        let sql = try #require(self.app.db as? any SQLDatabase)
        let row = try await sql.raw("SELECT campaigns_version FROM apps WHERE id = \(bind: app.id)").first(decoding: Row.self)
        return try #require(row).campaigns_version
    }
}
