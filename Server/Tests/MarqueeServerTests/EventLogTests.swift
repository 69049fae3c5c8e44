import Foundation
import MarqueeModel
@testable import MarqueeServer
import MarqueeWire
import Testing

/// The event log and its stream: every stored fact is an event, written with it, and a reader
/// paging from any cursor sees each event once, in cursor order, while writers post.
// Serialized: each test runs a server with its own PostgreSQL pool.
@Suite("Event log and stream", .serialized)
struct EventLogTests {
    private func read(_ server: TestServer, _ app: Fixtures.CreatedApp, query: String = "",
                      session: TestServer.Session? = nil) async throws -> (lines: [EventLine], cursor: String?, response: TestResponse) {
        let path = "/api/v1/apps/\(app.id)/events" + (query.isEmpty ? "" : "?" + query)
        let response = if let session { try await server.send(.GET, path, session: session) } else { try await server.send(.GET, path) }
        guard response.status == .ok else { return ([], nil, response) }
        #expect(response.headers.first(name: "Content-Type") == "application/x-ndjson")
        let lines = try response.text.split(separator: "\n").map { try MarqueeJSON.decoder().decode(EventLine.self, from: Data($0.utf8)) }
        return (lines, response.headers.first(name: "Marquee-Cursor"), response)
    }

    /// Every event from the start once there are `count` (``TestServer/untilTheLog(shows:_:)``).
    private func readAll(_ server: TestServer, _ app: Fixtures.CreatedApp, count: Int,
                         query: String = "") async throws -> (lines: [EventLine], cursor: String?, response: TestResponse) {
        let query = "limit=10000" + (query.isEmpty ? "" : "&" + query)
        var all = try await read(server, app, query: query)
        try await server.untilTheLog(shows: "\(count) events") {
            if all.lines.count < count { all = try await read(server, app, query: query) }
            return all.lines.count >= count
        }
        return all
    }

    private func impressions(_ server: TestServer, _ app: Fixtures.CreatedApp, campaign: String, user: String,
                             types: [Int], batch: String) async throws {
        let body = ImpressionBody(campaignId: campaign, impressions: types.map { .init(type: $0, timestamp: 1_790_000_000_000) },
                                  userIdentifiers: [UserIdentifierDTO(id: user, type: .userID)], batchId: batch)
        let response = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                             deviceID: "device-\(user)", json: body)
        try #require(response.status == .ok, "\(response.text)")
    }

    @Test(arguments: TestDatabase.available)
    func everyStoredFactIsAnEventOfTheLog(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal("Spring sale"), in: app)
            let base = "/api/v1/apps/\(app.id)/campaigns/\(campaign)"
            try #require(try await server.send(.PUT, "\(base)/status", json: ["status": "paused"]).status == .ok)
            try #require(try await server.send(.PUT, "\(base)/status", json: ["status": "active"]).status == .ok)
            try await impressions(server, app, campaign: campaign, user: "ada", types: [1, 2, 4, 6], batch: "b1")
            // A retried batch is stored once, and so logged once.
            try await impressions(server, app, campaign: campaign, user: "ada", types: [1, 2, 4, 6], batch: "b1")
            try await impressions(server, app, campaign: campaign, user: "bob", types: [1, 5], batch: "b2")
            let profile = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/bob/profile", json: ["addTags": ["vip"]])
            try #require(profile.status == .ok, "\(profile.text)")

            let all = try await readAll(server, app, count: 10)
            #expect(all.lines.map(\.type) == ["campaign_created", "campaign_paused", "campaign_changed",
                                              "impression", "click", "close", "opt_out", "impression", "click", "profile_change"])
            #expect(Set(all.lines.map(\.id)).count == all.lines.count, "every event has its own id")
            #expect(all.cursor == all.lines.last?.cursor)
            let click = try #require(all.lines.first { $0.type == "click" && $0.userID == "ada" })
            #expect(click.campaignID == campaign && click.deviceID == "device-ada" && click.appID == app.id.uuidString.lowercased())
            #expect(click.data["button"] == .string("action_one") && click.deviceTime == Date(timeIntervalSince1970: 1_790_000_000))
            #expect(all.lines.last { $0.type == "click" }?.data["button"] == .string("content"))
            #expect(all.lines[0].data["name"] == .string("Spring sale") && all.lines[0].userID == nil)
            let changed = try #require(all.lines.last)
            #expect(changed.userID == "bob" && changed.data["source"] == .string("api"))
            #expect(changed.data["profile"]?.objectValue?["tags"] == .array([.string("vip")]))

            // Pages resume after a cursor, and a type filter keeps only what it names.
            let page = try await read(server, app, query: "limit=3")
            #expect(page.lines.map(\.id) == all.lines.prefix(3).map(\.id))
            let next = try await read(server, app, query: "after=\(try #require(page.cursor))&types=impression,click")
            #expect(next.lines.map(\.type) == ["impression", "click", "impression", "click"])
            let none = try await read(server, app, query: "after=\(try #require(all.cursor))")
            #expect(none.lines.isEmpty && none.cursor == all.cursor, "nothing after the last event; the cursor stays")

            // Erasing a user takes their events out and says so, once, naming them.
            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada")
            try #require(erased.status == .ok, "\(erased.text)")
            let after = try await readAll(server, app, count: all.lines.count - 4 + 1)
            #expect(!after.lines.contains { $0.userID == "ada" && $0.type != "user_erased" })
            #expect(after.lines.filter { $0.type == "user_erased" }.map(\.userID) == ["ada"])
            #expect(after.lines.contains { $0.userID == "bob" })
        }
    }

    /// openapi.yaml names the event types twice (the `EventType` schema and the `types` pattern);
    /// both are the server's, every one.
    @Test
    func theDocumentNamesEveryEventTypeTheServerWrites() async throws {
        try await TestServer.with { server in
            let document = try await server.send(.GET, "/openapi.yaml", token: nil).text
            let schema = try #require(document.range(of: "    EventType:\n      type: string\n      enum: ["))
            let listed = document[schema.upperBound...].prefix { $0 != "]" }
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            let all = EventType.allCases.map(\.rawValue)
            #expect(listed == all)
            #expect(document.contains("pattern: '^(\(all.joined(separator: "|")))(,(\(all.joined(separator: "|"))))*$'"))
        }
    }

    /// `--event-retention-days`: the hourly sweep removes events stored before the period, and
    /// a reader continues with what is left.
    @Test(arguments: TestDatabase.available)
    func retentionRemovesOnlyEventsStoredBeforeThePeriod(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Old"), in: app)
            server.clock.advance(by: 10 * 86_400)
            _ = try await server.createCampaign(Fixtures.modal("New"), in: app)
            let both = try await readAll(server, app, count: 2)
            let removed = try await EventLog.prune(storedBefore: server.clock.nowMillis - 5 * 86_400_000, on: try server.app.db.sql())
            #expect(removed == 1)
            let left = try await readAll(server, app, count: 1).lines
            #expect(left.map(\.data["name"]) == [.string("New")])
            let after = try await read(server, app, query: "after=\(both.lines[0].cursor)")
            #expect(after.lines.map(\.id) == left.map(\.id), "a cursor into what was removed reads on")
        }
    }

    /// A cursor this server never gave out is refused, not echoed back: a loader holding one
    /// (another server's, or from before a backup was restored) would otherwise wait in silence
    /// while events arrive under lower cursors. One whose events were removed stays good.
    @Test(arguments: TestDatabase.available)
    func aCursorBeyondTheNewestEventIsRefused(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal("Spring sale"), in: app)
            let newest = try #require(try await readAll(server, app, count: 1).cursor)
            let current = try await read(server, app, query: "after=\(newest)")
            #expect(current.response.status == .ok && current.lines.isEmpty && current.cursor == newest)

            var later = try #require(EventCursor(newest))
            later.sequence += 1
            later.index = 0
            let otherServer = EventCursor(transaction: Int64(Int32.max), sequence: 1, index: 0)
            for beyond in [later.description, otherServer.description, "900000.0"] {
                let refused = try await read(server, app, query: "after=\(beyond)").response
                #expect(refused.status == .badRequest && refused.errorCode == "invalid_query", "\(beyond): \(refused.text)")
                #expect(refused.text.contains("beyond the newest event"), "\(refused.text)")
                #expect(refused.headers.first(name: "Marquee-Cursor") == nil, "nothing is echoed back")
            }

            // Retention removed every event: the cursor the reader holds was given out, and reads on.
            _ = try await EventLog.prune(storedBefore: server.clock.nowMillis + 1, on: try server.app.db.sql())
            let emptied = try await read(server, app, query: "after=\(newest)")
            #expect(emptied.response.status == .ok && emptied.cursor == newest, "\(emptied.response.text)")
        }
    }

    /// A reader whose cursor stands on the newest event hears that event's user erased: the
    /// erasure's own event gets a position after the cursor, never the erased event's again.
    @Test(arguments: TestDatabase.available)
    func aReaderAtTheNewestEventHearsItsUserErased(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let profile = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/ada/profile", json: ["addTags": ["vip"]])
            try #require(profile.status == .ok, "\(profile.text)")
            let before = try await readAll(server, app, count: 1)
            #expect(before.lines.map(\.userID) == ["ada"])
            let cursor = try #require(before.cursor)

            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada")
            try #require(erased.status == .ok, "\(erased.text)")
            var next = try await read(server, app, query: "after=\(cursor)")
            try await server.untilTheLog(shows: "the erasure after \(cursor)") {
                next = try await read(server, app, query: "after=\(cursor)")
                return !next.lines.isEmpty || next.response.status != .ok
            }
            #expect(next.response.status == .ok, "\(next.response.text)")
            #expect(next.lines.map(\.type) == ["user_erased"] && next.lines.map(\.userID) == ["ada"])
        }
    }

    @Test
    func badQueriesAreRefusedByName() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            for (query, word) in [("after=x.y.z", "after"), ("after=1.2.3.4", "after"), ("limit=0", "limit"), ("limit=10001", "limit"),
                                  ("types=impression,nonsense", "nonsense"), ("types=impression,,click", "types"), ("after=", "after"), ("after=00", "after"), ("wait=31", "wait")] {
                let response = try await read(server, app, query: query).response
                #expect(response.status == .badRequest && response.errorCode == "invalid_query", "\(query)")
                #expect(response.text.contains(word), "\(query): \(response.text)")
            }
        }
    }

    @Test
    func editorsReadTheStreamViewersDoNotAndEveryReadIsAudited() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            _ = try await server.createAccount("ed@example.com", role: "editor")
            _ = try await server.createAccount("vi@example.com", role: "viewer")
            let editor = try await server.signIn("ed@example.com")
            let viewer = try await server.signIn("vi@example.com")
            #expect(try await read(server, app, session: editor).response.status == .ok)
            #expect(try await read(server, app, session: viewer).response.status == .forbidden)
            let audit = try await server.send(.GET, "/api/v1/audit?appID=\(app.id)")
            let reads = (audit.json["items"] as? [[String: Any]] ?? []).filter { $0["route"] as? String == "/api/v1/apps/:appID/events" }
            #expect(reads.count == 1, "the editor's read, not the refused one")
            #expect((reads.first?["actor"] as? [String: Any])?["name"] as? String == "ed@example.com")
            #expect(reads.first?["address"] as? String != nil, "where it was read from")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWaitingReadAnswersWhenAnEventIsStored(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            // Once the campaign's own event shows (on PostgreSQL, when older transactions ended).
            let start = try #require(try await readAll(server, app, count: 1).cursor)
            async let waited = read(server, app, query: "after=\(start)&wait=20")
            try await impressions(server, app, campaign: campaign, user: "ada", types: [1], batch: "late")
            let lines = try await waited.lines
            #expect(lines.map(\.type) == ["impression"])
        }
    }

    /// On PostgreSQL a transaction that took its id first may commit last. A reader that read past
    /// the later one's event meanwhile must still get the earlier one's: the log shows an event only
    /// once every older transaction has ended.
    @Test(.enabled(if: TestDatabase.postgresURL != nil, "needs MARQUEE_TEST_POSTGRES_URL"))
    func anEventOfATransactionThatCommitsLateIsNotSkipped() async throws {
        try await TestServer.with(.postgres) { server in
            let app = try await server.createApp()
            let appID = app.id
            @Sendable func entry(_ user: String) -> EventLog.Entry {
                EventLog.Entry(appID: appID, type: .profileChange, userID: user, serverTime: 1_800_000_000_000)
            }
            let holder = Holder()
            let database = server.app.db
            let late = Task {
                try await database.transaction { db in
                    try await EventLog.append([entry("late")], on: try db.sql())
                    await holder.hold()
                }
            }
            await holder.untilHolding()
            try await database.transaction { db in try await EventLog.append([entry("early")], on: try db.sql()) }

            let before = try await read(server, app)
            #expect(before.lines.isEmpty, "the committed event waits behind the open transaction: \(before.lines.map(\.userID))")
            await holder.letGo()
            try await late.value
            let after = try await readAll(server, app, count: 2, query: "after=\(try #require(before.cursor))")
            #expect((before.lines + after.lines).compactMap(\.userID) == ["late", "early"], "both, once, in the order of their transactions")
        }
    }

    /// Eight writers (impressions, profile changes and campaign edits, each in transactions of
    /// their own) post while a reader pages 7 events at a time: the reader sees every event that
    /// was committed exactly once, in cursor order.
    @Test(arguments: TestDatabase.available)
    func aReaderPagingWhileEightWritersPostSeesEveryEventOnce(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
            let perWriter = 12
            let finished = Flag()
            let writers = Task {
                let outcome: Result<Void, any Error>
                do {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0..<8 {
                        group.addTask {
                            for round in 0..<perWriter {
                                switch writer % 3 {
                                case 0: try await impressions(server, app, campaign: campaign, user: "u\(writer)", types: [1, 2],
                                                              batch: "w\(writer)-\(round)")
                                case 1: _ = try await server.send(.PATCH, "/api/v1/apps/\(app.id)/users/u\(writer)/profile",
                                                                  json: ["attributes": ["round": round]])
                                default: _ = try await server.send(.PUT, "/api/v1/apps/\(app.id)/campaigns/\(campaign)/status",
                                                                   json: ["status": round % 2 == 0 ? "paused" : "active"])
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                    }
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
                await finished.set()
                try outcome.get()
            }
            var seen: [EventLine] = []
            var cursor = ""
            func page() async throws -> Bool {
                let page = try await read(server, app, query: "limit=7" + (cursor.isEmpty ? "" : "&after=\(cursor)"))
                try #require(page.response.status == .ok, "\(page.response.text)")
                seen += page.lines
                cursor = page.cursor ?? cursor
                return !page.lines.isEmpty
            }
            // Pages while the writers post; then, once they are done, to the end.
            while await !finished.isSet { _ = try await page() }
            try await writers.value

            #expect(Set(seen.map(\.id)).count == seen.count, "no event twice")
            let cursors = seen.compactMap { EventCursor($0.cursor) }
            #expect(cursors == cursors.sorted(), "in cursor order")
            // 3 impression writers, 3 profile writers, 2 campaign writers, and the campaign's creation.
            let committed = 3 * perWriter * 2 + 3 * perWriter + 2 * perWriter + 1
            let stored = try await readAll(server, app, count: committed).lines
            try await server.untilTheLog(shows: "the pager all \(committed) events") {
                while try await page() {}
                return seen.count >= committed
            }
            #expect(seen.map(\.id) == stored.map(\.id), "every event committed, in the order of the log")
            #expect(stored.count == committed)
        }
    }
}

/// Set once, read any time.
private actor Flag {
    private(set) var isSet = false

    func set() {
        isSet = true
    }
}

/// Cursors read back what they print, the start of the log included.
@Suite("Event cursors")
struct EventCursorTests {
    @Test(arguments: [EventCursor.start, EventCursor(transaction: 0, sequence: 12, index: 0),
                      EventCursor(transaction: 981_234, sequence: 12, index: 3), EventCursor(transaction: 0, sequence: 5, index: Int(Int32.max))])
    func aCursorReadsBackWhatItPrints(_ cursor: EventCursor) {
        #expect(EventCursor(cursor.description) == cursor)
    }

    @Test(arguments: ["", "x", "1", "1.2.3.4", "-1.2", "1.-2", "1..2", String(repeating: "9", count: 65)])
    func textThatIsNoCursorIsRefused(_ text: String) {
        #expect(EventCursor(text) == nil)
    }
}
