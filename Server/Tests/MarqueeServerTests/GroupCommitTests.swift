import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import SQLKit
import Testing

/// Impression batches and inbox tracking posts from concurrent requests are committed together,
/// each stored exactly once, and one batch that cannot be stored does not fail the others.
@Suite("Group commit of impressions and inbox tracking")
struct GroupCommitTests {
    @Test(arguments: TestDatabase.production)
    func concurrentBatchesAreEachStoredOnceAndShareCommits(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let batches = 40
            // Every batch is sent twice at once, as a client retrying over a flaky network would.
            let answers = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<(batches * 2) {
                    group.addTask {
                        let body = ImpressionBody(campaignId: campaign, impressions: [.init(type: 1, timestamp: 1_000), .init(type: 2, timestamp: 1_001)],
                                                  userIdentifiers: [UserIdentifierDTO(id: "user-\(index % batches)", type: .userID)],
                                                  batchId: "batch-\(index % batches)")
                        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                                             deviceID: "device-\(index % batches)", json: body)
                        #expect(response.status == .ok, "\(response.text)")
                        return (index % batches, response.json["stored"] as? Bool ?? false)
                    }
                }
                return try await group.reduce(into: [Int: [Bool]]()) { $0[$1.0, default: []].append($1.1) }
            }
            #expect(answers.count == batches)
            #expect(answers.values.allSatisfy { $0.filter { $0 }.count == 1 && $0.count == 2 }, "each batch is stored by exactly one of its copies")
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/stats").json
            #expect(stats["impressions"] as? Int == batches)
            #expect(stats["buttonOneClicks"] as? Int == batches)
            #expect(await server.app.marquee.impressionWriter.commits <= batches * 2)
        }
    }

    /// Inbox tracking posts go through the same kind of group commit: concurrent posts, each sent
    /// twice, store every event once, count it for one of the two posts, and share commits.
    @Test(arguments: TestDatabase.production)
    func concurrentTrackingPostsAreEachStoredOnceAndShareCommits(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let users = (0..<20).map { "user-\($0)" }
            let message = try await server.sendInbox(app, to: users)
            let posts = users.count * 2
            // The first commit waits for the database while every post is submitted, so the rest
            // queue behind it, as they would behind a slow disk.
            let holder = Holder()
            let holding = Task { try await Self.holdingTrackingWrites(server) { await holder.hold() } }
            await holder.untilHolding()
            let posting = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<posts {
                        let user = users[index % users.count]
                        group.addTask {
                            try await server.inboxTrack(app, user: user, consent: .granted, [
                                InboxTrackingEvent(id: "\(user)-open", messageID: message, interaction: .opened, timestamp: 1),
                                InboxTrackingEvent(id: "\(user)-click", messageID: message, interaction: .clicked,
                                                   url: "https://example.com", timestamp: 2),
                            ])
                        }
                    }
                    return try await group.reduce(0, +)
                }
            }
            let tracking = server.app.marquee.inboxTracking
            let deadline = ContinuousClock.now + .seconds(60) // only stops a hung test
            while await tracking.submitted < posts, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            await holder.letGo()
            try await holding.value
            let stored = try await posting.value
            #expect(stored == posts, "every event counted once across its two posts")
            let stats = try #require(try await server.inboxMessages(app).first?.stats)
            #expect(stats.opened == users.count && stats.clicked == users.count && stats.uniqueReaders == users.count)
            // The commit that waited, then the queue in commits of at most 32 posts.
            let shared = 1 + (posts - 1 + InboxStore.maxTrackingBatchesPerCommit - 1) / InboxStore.maxTrackingBatchesPerCommit
            #expect(await tracking.commits <= shared)
        }
    }

    /// Runs `body` while inbox tracking cannot write: holding the SQLite database's write gate, or
    /// on PostgreSQL a lock on the events table.
    static func holdingTrackingWrites(_ server: TestServer, _ body: @escaping @Sendable () async -> Void) async throws {
        if let gate = server.app.db.writeGate {
            try await gate.withTurn { await body() }
            return
        }
        try await server.app.db.transaction { db in
            let sql = try #require(db as? any SQLDatabase)
            try await sql.raw("LOCK TABLE \(ident: InboxSchema.events) IN EXCLUSIVE MODE").run()
            await body()
        }
    }

    /// On a SQLite file the writer has a connection of its own, whose rollback is tested here too.
    @Test(arguments: TestDatabase.available + [.sqliteFile])
    func aBatchThatCannotBeStoredDoesNotFailItsGroup(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaignID = try #require(UUID(uuidString: try await server.createCampaign(Fixtures.modal(), in: app)))
            let appID = app.id
            let writer = server.app.marquee.impressionWriter
            func batch(_ key: String, app: UUID) -> ImpressionWriter.Batch {
                ImpressionWriter.Batch(appID: app, key: key, receivedAt: server.clock.now(), campaignID: campaignID, userKey: "u:a|t:",
                                       deviceID: nil, isTest: false, variant: "", unitKey: "user:a",
                                       events: [.init(type: .impression, occurredAt: 1)])
            }
            async let good = writer.write(batch("good", app: appID))
            // No such app: the foreign key refuses it.
            let orphan = Task { try await writer.write(batch("orphan", app: UUID())) }
            async let again = writer.write(batch("good", app: appID))
            #expect(try await [good, again].filter { $0 }.count == 1)
            await #expect(throws: (any Error).self) { try await orphan.value }
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(campaignID.uuidString.lowercased())/stats").json
            #expect(stats["impressions"] as? Int == 1)
        }
    }
}
