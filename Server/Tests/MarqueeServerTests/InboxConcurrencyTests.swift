import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// The inbox change sequence under concurrent writers, on the databases production uses.
// Serialized: each test runs a server with its own PostgreSQL pool, and CI's PostgreSQL allows 100 connections.
@Suite("Inbox sync under concurrent writes", .serialized)
struct InboxConcurrencyTests {
    /// A device that syncs incrementally while messages are sent and read concurrently must end up
    /// with exactly the server's state: a change that commits after a sync with a lower number than
    /// that sync's token would be lost forever.
    @Test(arguments: TestDatabase.production)
    func incrementalSyncsMissNothingWhileWritersRace(_ database: TestDatabase) async throws {
        // One device syncs as often as the race lets it, more on a slow machine: no rate limit here.
        try await TestServer.with(database, adjust: { $0.sdkRateLimit = nil }) { server in
            let app = try await server.createApp()
            let seed = try await server.sendInbox(app, to: ["ada"], title: "Seed")
            let initial = try await server.inboxSync(app, user: "ada")
            var token = initial.syncToken
            var seen = Dictionary(uniqueKeysWithValues: initial.messages.map { ($0.id, $0) })
            let writers = Task {
                try await withThrowingTaskGroup(of: String?.self) { group in
                    for index in 0..<24 {
                        group.addTask {
                            if index % 4 == 3 {
                                try await server.inboxUpdate(app, user: "ada", index % 8 == 3 ? .markRead : .markUnread, [seed])
                                return nil
                            }
                            return try await server.sendInbox(app, to: ["ada", "user-\(index)"], title: "M\(index)")
                        }
                    }
                    var ids: [String] = []
                    for try await id in group { if let id { ids.append(id) } }
                    return ids
                }
            }
            var rounds = 0
            while rounds < 200 {
                let page = try await server.inboxSync(app, user: "ada", token: token)
                for message in page.messages { seen[message.id] = message }
                token = page.syncToken
                rounds += 1
                if Task.isCancelled { break }
                if rounds > 3, seen.count >= 18 { break }
            }
            let sent = try await writers.value
            let last = try await server.inboxSync(app, user: "ada", token: token)
            for message in last.messages { seen[message.id] = message }
            #expect(Set(seen.keys) == Set(sent + [seed]), "every message sent reached the device once it synced again")
            let truth = try await server.inboxSync(app, user: "ada")
            #expect(Set(truth.messages.map(\.id)) == Set(seen.keys))
            #expect(seen[seed]?.isRead == truth.messages.first { $0.id == seed }?.isRead, "the last read state won")
            let after = try await server.inboxSync(app, user: "ada", token: last.syncToken)
            #expect(after.messages.isEmpty && after.removedIDs.isEmpty, "nothing changed after the last sync")
        }
    }
}
