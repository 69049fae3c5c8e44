import Foundation
import MarqueeModel
import MarqueeServer
import MarqueeWire
import Testing

/// The App Inbox: admin sends and lists, SDK syncs, updates and tracking, per user.
// Serialized: each test runs a server with its own PostgreSQL pool, and CI's PostgreSQL allows 100 connections.
@Suite("App Inbox API", .serialized)
struct InboxAPITests {
    @Test(arguments: TestDatabase.available)
    func adminSendsListsAndDeletes(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.sendInbox(app, to: ["ada", "bob", "ada"], title: "Welcome",
                                                extra: ["ttlSeconds": 2_592_000])
            let all = try await server.inboxMessages(app)
            #expect(all.map(\.id) == [id])
            #expect(all.first?.stats.recipients == 2, "a repeated user ID gets one copy")
            #expect(try await server.inboxMessages(app, query: "?userID=bob").map(\.id) == [id])
            #expect(try await server.inboxMessages(app, query: "?userID=cyd").isEmpty)

            let unauthenticated = try await server.send(.GET, "/api/v1/apps/\(app.id)/inbox/messages", token: nil)
            #expect(unauthenticated.status == .unauthorized)
            let typo = try await server.send(.POST, "/api/v1/apps/\(app.id)/inbox/messages",
                                             raw: #"{"userIDs": ["ada"], "message": {"title": "Hi", "tilte": "x"}}"#)
            #expect(typo.status == .badRequest)
            #expect(typo.errorFields == ["message.tilte"])
            let buttons = (0..<5).map { _ in ["title": "Go", "action": ["type": "openApp"]] }
            let invalid = try await server.send(.POST, "/api/v1/apps/\(app.id)/inbox/messages", raw: String(decoding: try JSONSerialization.data(
                withJSONObject: ["userIDs": [], "message": ["title": " ", "buttons": buttons,
                                                            "mainAction": ["type": "browser", "url": "javascript:alert(1)"]]]), as: UTF8.self))
            #expect(invalid.status == .unprocessableEntity)
            #expect(Set(invalid.errorFields) == ["userIDs", "message.title", "message.buttons", "message.mainAction.url"])
            let bulky = try await server.send(.POST, "/api/v1/apps/\(app.id)/inbox/messages", raw: """
                {"userIDs": ["ada"], "message": {"title": "Hi", "customData": {"blob": "\(String(repeating: "x", count: 20_000))"}}}
                """)
            #expect(bulky.status == .unprocessableEntity)
            #expect(bulky.errorFields == ["message.customData"])
            #expect(try await server.inboxMessages(app).count == 1, "nothing stored from refused requests")

            let deleted = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/inbox/messages/\(id)")
            #expect(deleted.status == .noContent)
            #expect(try await server.inboxMessages(app).isEmpty)
            let again = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/inbox/messages/\(id)")
            #expect(again.status == .notFound)
            let sync = try await server.inboxSync(app, user: "ada")
            #expect(sync.messages.isEmpty)

            let kept = try await server.sendInbox(app, to: ["ada"], title: "Kept until the app goes")
            let open = InboxTrackingEvent(id: "e1", messageID: kept, interaction: .opened, timestamp: 1)
            #expect(try await server.inboxTrack(app, user: "ada", consent: .granted, [open]) == 1)
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(app.id)").status == .noContent)
            #expect(try await server.inboxSyncResponse(app, user: "ada").status == .unauthorized, "the app and its inbox are gone")
        }
    }

    @Test(arguments: TestDatabase.available)
    func syncIsFullThenIncrementalAndCarriesReadAndDeleteState(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let first = try await server.sendInbox(app, to: ["ada"], title: "First")
            let full = try await server.inboxSync(app, user: "ada")
            #expect(full.fullSync && !full.hasMore)
            #expect(full.messages.map(\.id) == [first])
            #expect(full.messages.first?.content.title == "First")
            #expect(full.unreadCount == 1)

            let unchanged = try await server.inboxSync(app, user: "ada", token: full.syncToken)
            #expect(!unchanged.fullSync && unchanged.messages.isEmpty && unchanged.removedIDs.isEmpty)

            let second = try await server.sendInbox(app, to: ["ada"], title: "Second")
            #expect(try await server.inboxUpdate(app, user: "ada", .markRead, [first]) == 1)
            #expect(try await server.inboxUpdate(app, user: "ada", .markRead, [first]) == 0, "already read")
            let incremental = try await server.inboxSync(app, user: "ada", token: unchanged.syncToken)
            #expect(Set(incremental.messages.map(\.id)) == [first, second])
            #expect(incremental.messages.first { $0.id == first }?.isRead == true)
            #expect(incremental.unreadCount == 1)

            #expect(try await server.inboxUpdate(app, user: "ada", .delete, [second]) == 1)
            let afterDelete = try await server.inboxSync(app, user: "ada", token: incremental.syncToken)
            #expect(afterDelete.removedIDs == [second] && afterDelete.messages.isEmpty)
            #expect(afterDelete.unreadCount == 0)

            #expect(try await server.inboxUpdate(app, user: "ada", .markUnread, [first]) == 1)
            #expect(try await server.inboxUpdate(app, user: "ada", .markAllRead) == 1)
            let fresh = try await server.inboxSync(app, user: "ada")
            #expect(fresh.messages.map(\.id) == [first] && fresh.messages.first?.isRead == true,
                    "a full sync holds only live messages")
        }
    }

    @Test(arguments: TestDatabase.available)
    func deliveryTimesAndExpiriesReachIncrementalSyncs(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let soon = MarqueeJSON.formatDate(server.clock.now().addingTimeInterval(3_600))
            let scheduled = try await server.sendInbox(app, to: ["ada"], title: "Later", extra: ["deliverAt": soon])
            let expiring = try await server.sendInbox(app, to: ["ada"], title: "Brief", extra: ["ttlSeconds": 600])
            let start = try await server.inboxSync(app, user: "ada")
            #expect(start.messages.map(\.id) == [expiring], "not delivered yet")

            server.clock.advance(by: 601)
            let expired = try await server.inboxSync(app, user: "ada", token: start.syncToken)
            #expect(expired.removedIDs == [expiring] && expired.messages.isEmpty)

            server.clock.advance(by: 3_000)
            let delivered = try await server.inboxSync(app, user: "ada", token: expired.syncToken)
            #expect(delivered.messages.map(\.id) == [scheduled])
            #expect(delivered.removedIDs.isEmpty)
            #expect(try await server.inboxSync(app, user: "ada").messages.map(\.id) == [scheduled])
        }
    }

    @Test(arguments: TestDatabase.available)
    func noUserReachesAnotherUsersInbox(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let other = try await server.createApp(.init(name: "Other"))
            let adas = try await server.sendInbox(app, to: ["ada"])
            try await server.sendInbox(other, to: ["bob"])
            let adaSync = try await server.inboxSync(app, user: "ada")

            #expect(try await server.inboxSync(app, user: "bob").messages.isEmpty)
            #expect(try await server.inboxSync(other, user: "ada").messages.isEmpty, "the same user ID in another app")
            #expect(try await server.inboxUpdate(app, user: "bob", .markRead, [adas]) == 0)
            #expect(try await server.inboxUpdate(app, user: "bob", .delete, [adas]) == 0)
            #expect(try await server.inboxUpdate(app, user: "bob", .markAllRead) == 0)
            let event = InboxTrackingEvent(id: "e1", messageID: adas, interaction: .opened, timestamp: 1)
            #expect(try await server.inboxTrack(app, user: "bob", consent: .granted, [event]) == 0)
            let stolen = try await server.inboxSyncResponse(app, user: "bob", token: adaSync.syncToken)
            #expect(stolen.status == .gone, "another user's token")

            let ada = try await server.inboxSync(app, user: "ada", token: adaSync.syncToken)
            #expect(ada.messages.isEmpty && ada.removedIDs.isEmpty && ada.unreadCount == 1, "untouched")
            #expect(try await server.inboxMessages(app).first?.stats.opened == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func largeInboxesArePaginated(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var sent: [String] = []
            for index in 0..<7 { sent.append(try await server.sendInbox(app, to: ["ada"], title: "M\(index)")) }
            var token: String?
            var pages: [[String]] = []
            var more = true
            while more {
                let page = try await server.inboxSync(app, user: "ada", token: token, limit: 3)
                pages.append(page.messages.map(\.id))
                #expect(page.fullSync == (token == nil))
                token = page.syncToken
                more = page.hasMore
            }
            #expect(pages.map(\.count) == [3, 3, 1])
            #expect(Set(pages.flatMap { $0 }) == Set(sent))

            // One change numbers all seven rows: a page never splits it, so it exceeds the limit once.
            #expect(try await server.inboxUpdate(app, user: "ada", .markAllRead) == 7)
            let read = try await server.inboxSync(app, user: "ada", token: token, limit: 3)
            #expect(read.messages.count == 7 && read.messages.allSatisfy(\.isRead))
            #expect(!read.hasMore)
        }
    }

    @Test(arguments: TestDatabase.available)
    func unusableTokensAskForAFullResync(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let other = try await server.createApp(.init(name: "Other"))
            let id = try await server.sendInbox(app, to: ["ada"])
            for _ in 0..<3 { try await server.sendInbox(other, to: ["ada"]) }
            let garbage = try await server.inboxSyncResponse(app, user: "ada", token: "not-a-token")
            #expect(garbage.status == .gone)
            #expect(garbage.errorCode == "inbox_resync_required")
            let otherToken = try await server.inboxSync(other, user: "ada").syncToken
            #expect(try await server.inboxSyncResponse(app, user: "ada", token: otherToken).status == .gone,
                    "a token from another app's sequence")

            let old = try await server.inboxSync(app, user: "ada").syncToken
            try await server.inboxUpdate(app, user: "ada", .delete, [id])
            let recent = try await server.inboxSync(app, user: "ada", token: old)
            #expect(recent.removedIDs == [id])
            // A month later the tombstone is purged: a token from before it can no longer learn of the delete.
            server.clock.advance(by: 31 * 86_400)
            try await InboxPurge(database: server.app.db, clock: server.clock).purge()
            let stale = try await server.inboxSyncResponse(app, user: "ada", token: old)
            #expect(stale.status == .gone)
            #expect(try await server.inboxSyncResponse(app, user: "ada", token: recent.syncToken).status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anonymousUsersGetATypedErrorAndNoData(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            try await server.sendInbox(app, to: ["ada"])
            let response = try await server.inboxSyncResponse(app, user: nil)
            #expect(response.status == .forbidden)
            #expect(response.errorCode == "inbox_requires_identity")
            #expect(response.json["messages"] == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func opensAndClicksAreStoredOnceAndOnlyWithConsent(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.sendInbox(app, to: ["ada"])
            let open = InboxTrackingEvent(id: "e-open", messageID: id, interaction: .opened, timestamp: 1)
            let click = InboxTrackingEvent(id: "e-click", messageID: id, interaction: .clicked, url: "https://example.com", timestamp: 2)
            #expect(try await server.inboxTrack(app, user: "ada", consent: .denied, [open, click]) == 0)
            #expect(try await server.inboxTrack(app, user: "ada", consent: .granted, [open]) == 1)
            #expect(try await server.inboxTrack(app, user: "ada", consent: .notRequired, [open, click]) == 1, "the open was a retry")
            let stats = try #require(try await server.inboxMessages(app).first?.stats)
            #expect(stats.opened == 1 && stats.clicked == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func statisticsCountUniqueReadersAndTheClicksOfEachAction(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.sendInbox(app, to: ["ada", "bob", "cy"], message: [
                "mainAction": ["type": "deepLink", "url": "shop://sale"],
                "buttons": [["title": "Track", "action": ["type": "browser", "url": "https://example.com/track"]],
                            ["title": "Later", "action": ["type": "openApp"]]],
            ])
            func event(_ key: String, _ interaction: InboxInteraction, _ url: String? = nil) -> InboxTrackingEvent {
                InboxTrackingEvent(id: key, messageID: id, interaction: interaction, url: url, timestamp: 1)
            }
            // Ada opens on two devices and taps "Track" twice; Bob opens once and taps the message.
            #expect(try await server.inboxTrack(app, user: "ada", consent: .granted, [
                event("a1", .opened), event("a2", .opened),
                event("a3", .clicked, "https://example.com/track"), event("a4", .clicked, "https://example.com/track"),
            ]) == 4)
            #expect(try await server.inboxTrack(app, user: "bob", consent: .granted, [
                event("b1", .opened), event("b2", .clicked, "shop://sale"),
            ]) == 2)

            let stats = try #require(try await server.inboxMessages(app).first?.stats)
            #expect(stats.recipients == 3)
            #expect(stats.opened == 3, "every open counts")
            #expect(stats.uniqueReaders == 2, "Ada and Bob, once each; Cy never opened it")
            #expect(stats.clicked == 3)
            #expect(stats.clicksByAction == [
                .init(action: "main", clicks: 1), .init(action: "button1", clicks: 2), .init(action: "button2", clicks: 0),
            ])
        }
    }

    @Test(arguments: TestDatabase.available)
    func underRefusedConsentOnlyEventsSentWithoutConsentAreStored(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.sendInbox(app, to: ["ada"])
            let open = InboxTrackingEvent(id: "e-open", messageID: id, interaction: .opened, timestamp: 1)
            let forcedClick = InboxTrackingEvent(id: "e-click", messageID: id, interaction: .clicked, url: "https://example.com",
                                                 timestamp: 2, withoutTrackingConsent: true)
            #expect(try await server.inboxTrack(app, user: "ada", consent: .denied, [open, forcedClick]) == 1)
            let raw = try await server.send(.POST, "/v1/inbox/track", token: nil, subscription: app.subscriptionID, raw: """
                {"userIdentifiers": [{"id": "ada", "type": 3}], "consent": "denied",
                 "events": [{"id": "e-raw", "messageID": "\(id)", "interaction": "opened", "timestamp": 3, "withoutTrackingConsent": true}]}
                """)
            #expect(raw.status == .ok)
            #expect(raw.json["stored"] as? Int == 1, "the flag read from plain JSON")
            let stats = try #require(try await server.inboxMessages(app).first?.stats)
            #expect(stats.opened == 1 && stats.clicked == 1, "the plain open is dropped; the open and click sent without consent are kept")
        }
    }

    @Test(arguments: TestDatabase.available)
    func erasingAUserRemovesTheirInboxOnly(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let shared = try await server.sendInbox(app, to: ["ada", "bob"])
            try await server.sendInbox(app, to: ["ada"], title: "Only Ada")
            let open = InboxTrackingEvent(id: "e1", messageID: shared, interaction: .opened, timestamp: 1)
            #expect(try await server.inboxTrack(app, user: "ada", consent: .granted, [open]) == 1)

            let erased = try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada")
            #expect(erased.status == .ok)
            #expect(erased.json["deletedInboxMessages"] as? Int == 2)
            #expect(try await server.inboxSync(app, user: "ada").messages.isEmpty)
            #expect(try await server.inboxSync(app, user: "bob").messages.map(\.id) == [shared])
            let left = try await server.inboxMessages(app)
            #expect(left.map(\.id) == [shared], "a message no one else received goes too")
            #expect(left.first?.stats.recipients == 1 && left.first?.stats.opened == 0)
        }
    }
}
