import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// The scheduled purge of deletion markers and expired copies, on the injected clock: what it
/// removes, which sync tokens it ends (410 `inbox_resync_required`), and purges racing syncs and sends.
// Serialized: each test runs a server with its own PostgreSQL pool, and CI's PostgreSQL allows 100 connections.
@Suite("App Inbox purge", .serialized)
struct InboxPurgeTests {
    static let day: TimeInterval = 86_400

    @Test(arguments: TestDatabase.available)
    func markersAndExpiredCopiesPastThirtyDaysArePurgedAndOlderTokensResync(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let purge = InboxPurge(database: server.app.db, clock: server.clock)
            let shared = try await server.sendInbox(app, to: ["ada", "bob"], title: "Shared")
            let brief = try await server.sendInbox(app, to: ["ada"], title: "Brief", extra: ["ttlSeconds": Int(Self.day)])
            let kept = try await server.sendInbox(app, to: ["ada"], title: "Kept")
            let recalled = try await server.sendInbox(app, to: ["ada", "bob"], title: "Recalled")
            let beforeChanges = try await server.inboxSync(app, user: "ada").syncToken

            try await server.inboxUpdate(app, user: "ada", .delete, [shared])
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(app.id)/inbox/messages/\(recalled)").status == .noContent)
            server.clock.advance(by: 2 * Self.day)
            let afterChanges = try await server.inboxSync(app, user: "ada", token: beforeChanges)
            #expect(Set(afterChanges.removedIDs) == [shared, brief, recalled])

            #expect(try await purge.purge() == InboxPurge.Removed(), "nothing is 30 days old yet")
            #expect(try await server.inboxSyncResponse(app, user: "ada", token: beforeChanges).status == .ok)

            server.clock.advance(by: 31 * Self.day)
            let removed = try await purge.purge()
            #expect(removed == InboxPurge.Removed(markers: 3, expiredCopies: 1, messages: 2),
                    "ada's deleted copy, both copies of the recalled message, the expired copy; then the recalled and expired messages")
            #expect(try await purge.purge() == InboxPurge.Removed(), "a second purge finds nothing")

            let stale = try await server.inboxSyncResponse(app, user: "ada", token: beforeChanges)
            #expect(stale.status == .gone)
            #expect(stale.errorCode == "inbox_resync_required")
            let current = try await server.inboxSync(app, user: "ada", token: afterChanges.syncToken)
            #expect(current.messages.isEmpty && current.removedIDs.isEmpty, "a token that saw every purged change still syncs")
            #expect(try await server.inboxSync(app, user: "ada").messages.map(\.id) == [kept])
            #expect(try await server.inboxSync(app, user: "bob").messages.map(\.id) == [shared])
            #expect(Set(try await server.inboxMessages(app).map(\.id)) == [shared, kept])
        }
    }

    @Test(arguments: TestDatabase.available)
    func anExpiredCopyEndsOnlyTokensFromBeforeItsExpiry(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            try await server.sendInbox(app, to: ["ada"], title: "Brief", extra: ["ttlSeconds": Int(Self.day)])
            let beforeExpiry = try await server.inboxSync(app, user: "ada").syncToken
            server.clock.advance(by: 2 * Self.day)
            let afterExpiry = try await server.inboxSync(app, user: "bob").syncToken
            let adaAfterExpiry = try await server.inboxSync(app, user: "ada", token: beforeExpiry).syncToken

            server.clock.advance(by: 40 * Self.day)
            #expect(try await InboxPurge(database: server.app.db, clock: server.clock).purge().expiredCopies == 1)
            #expect(try await server.inboxSyncResponse(app, user: "ada", token: beforeExpiry).status == .gone)
            #expect(try await server.inboxSyncResponse(app, user: "ada", token: adaAfterExpiry).status == .ok)
            #expect(try await server.inboxSyncResponse(app, user: "bob", token: afterExpiry).status == .ok,
                    "42 days old, yet nothing it needs was purged")
        }
    }

    @Test(arguments: TestDatabase.available)
    func largeBacklogsArePurgedInSteps(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var ids: [String] = []
            for index in 0..<7 { ids.append(try await server.sendInbox(app, to: ["ada"], title: "M\(index)")) }
            for id in ids.prefix(5) { try await server.inboxUpdate(app, user: "ada", .delete, [id]) }
            // One change marks three copies at once: a step never splits it.
            let everyone = try await server.sendInbox(app, to: ["bob", "cyd", "dan"], title: "Everyone")
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(app.id)/inbox/messages/\(everyone)").status == .noContent)
            server.clock.advance(by: 31 * Self.day)
            let removed = try await InboxPurge(database: server.app.db, clock: server.clock, rowsPerStep: 2).purge()
            #expect(removed == InboxPurge.Removed(markers: 8, expiredCopies: 0, messages: 1))
            #expect(Set(try await server.inboxSync(app, user: "ada").messages.map(\.id)) == Set(ids.suffix(2)))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aCampaignsDeletedAndExpiredCopiesStay(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var campaign = Fixtures.modal("Inbox news")
            campaign.channel = .inbox
            campaign.delivery.endTime = server.clock.now().addingTimeInterval(Self.day)
            _ = try await server.createCampaign(campaign, in: app)
            let delivered = try await server.inboxSync(app, user: "ada").messages.map(\.id)
            #expect(delivered.count == 1)
            try await server.inboxUpdate(app, user: "ada", .delete, delivered)
            _ = try await server.inboxSync(app, user: "bob")
            server.clock.advance(by: 40 * Self.day)
            #expect(try await InboxPurge(database: server.app.db, clock: server.clock).purge() == InboxPurge.Removed(),
                    "they keep the campaign from reaching the same users again")
        }
    }

    /// Purges, sends and syncs at once against the databases production uses: a sync from a token
    /// that needs a purged row either gets 410 or still sees every change it needs, never a
    /// silent gap; a token that needs nothing purged keeps working; every send survives.
    @Test(arguments: TestDatabase.production)
    func purgesRacingSyncsAndSendsLeaveNoGap(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var ids: [String] = []
            for index in 0..<20 { ids.append(try await server.sendInbox(app, to: ["ada", "bob"], title: "M\(index)")) }
            var brief: [String] = []
            for index in 0..<4 {
                brief.append(try await server.sendInbox(app, to: ["ada"], title: "Brief \(index)", extra: ["ttlSeconds": Int(Self.day)]))
            }
            let old = try await server.inboxSync(app, user: "ada").syncToken
            let deleted = Array(ids.prefix(8))
            for id in deleted { try await server.inboxUpdate(app, user: "ada", .delete, [id]) }
            server.clock.advance(by: 2 * Self.day)
            let caughtUp = try await server.inboxSync(app, user: "ada", token: old, limit: 500)
            let needed = Set(deleted + brief)
            #expect(Set(caughtUp.removedIDs) == needed)
            server.clock.advance(by: 30 * Self.day)

            let purge = InboxPurge(database: server.app.db, clock: server.clock, rowsPerStep: 3)
            enum Outcome: Sendable {
                case purged(InboxPurge.Removed)
                case sent(String)
                case oldSync(status: UInt, removed: Set<String>)
                case caughtUpSync(status: UInt, messages: Set<String>)
            }
            let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
                for _ in 0..<4 { group.addTask { .purged(try await purge.purge()) } }
                for index in 0..<12 {
                    group.addTask { .sent(try await server.sendInbox(app, to: ["ada", "bob"], title: "New \(index)")) }
                }
                for _ in 0..<10 {
                    group.addTask {
                        let response = try await server.inboxSyncResponse(app, user: "ada", token: old, limit: 500)
                        let removed = response.status == .ok ? Set(try response.decode(InboxSyncResponse.self).removedIDs) : []
                        return .oldSync(status: response.status.code, removed: removed)
                    }
                    group.addTask {
                        let response = try await server.inboxSyncResponse(app, user: "ada", token: caughtUp.syncToken, limit: 500)
                        let messages = response.status == .ok ? Set(try response.decode(InboxSyncResponse.self).messages.map(\.id)) : []
                        return .caughtUpSync(status: response.status.code, messages: messages)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            var removed = InboxPurge.Removed()
            var sent: Set<String> = []
            for outcome in outcomes {
                switch outcome {
                case .purged(let step):
                    removed.markers += step.markers
                    removed.expiredCopies += step.expiredCopies
                    removed.messages += step.messages
                case .sent(let id):
                    sent.insert(id)
                case .oldSync(let status, let seen):
                    #expect(status == 410 || (status == 200 && needed.isSubset(of: seen)),
                            "a sync from before the purged changes answered \(status) and saw \(needed.subtracting(seen).count) fewer")
                case .caughtUpSync(let status, _):
                    #expect(status == 200, "a token that saw every purged change keeps working")
                }
            }
            #expect(sent.count == 12)
            #expect(removed == InboxPurge.Removed(markers: 8, expiredCopies: 4, messages: 4),
                    "each row purged once however many purges ran")
            #expect(try await server.inboxSyncResponse(app, user: "ada", token: old).status == .gone)
            let after = try await server.inboxSync(app, user: "ada", token: caughtUp.syncToken, limit: 500)
            #expect(Set(after.messages.map(\.id)) == sent, "every message sent during the purge reaches the device")
            let live = try await server.inboxSync(app, user: "ada", limit: 500).messages.map(\.id)
            #expect(Set(live) == Set(ids.dropFirst(8)).union(sent))
        }
    }
}
