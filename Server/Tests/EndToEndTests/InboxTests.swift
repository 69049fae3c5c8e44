import Foundation
import Marquee
import MarqueeModel
import Testing

/// The App Inbox over loopback: each test runs two devices (SDK instances) of one user.
@MainActor
@Suite struct InboxTests {
    private func devices(_ server: LiveServer, _ app: LiveServer.CreatedApp,
                         user: any UserInfoProvider = TestUser(userID: "ada")) async -> (TestDevice, TestDevice) {
        let phone = TestDevice(), tablet = TestDevice()
        for device in [phone, tablet] {
            device.sdk.registerPreference(user)
            await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID)
        }
        return (phone, tablet)
    }

    @Test func syncsFullyThenIncrementallyAndSharesReadAndDeleteAcrossDevices() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let (phone, tablet) = await devices(server, app)
            defer { phone.removeStorage(); tablet.removeStorage() }
            let first = try await server.sendInbox(app, to: ["ada"], title: "First")
            #expect(try await phone.sdk.inbox.fetch().map(\.id) == [first])

            server.clock.advance(by: 1)
            let second = try await server.sendInbox(app, to: ["ada", "bob"], title: "Second")
            #expect(try await phone.sdk.inbox.fetch().map(\.id) == [second, first], "incremental, newest first")
            #expect(try await tablet.sdk.inbox.fetch().map(\.id) == [second, first], "the tablet's first sync")
            #expect(await tablet.sdk.inbox.unreadCount == 2)

            try await phone.sdk.inbox.markRead([first])
            #expect(await phone.sdk.inbox.messages.first { $0.id == first }?.isRead == true)
            #expect(await tablet.sdk.inbox.messages.first { $0.id == first }?.isRead == false, "not synced yet")
            let onTablet = try await tablet.sdk.inbox.fetch()
            #expect(onTablet.first { $0.id == first }?.isRead == true, "read on the phone shows as read on the tablet")
            #expect(await tablet.sdk.inbox.unreadCount == 1)

            try await tablet.sdk.inbox.delete([second])
            #expect(await tablet.sdk.inbox.messages.map(\.id) == [first])
            #expect(try await phone.sdk.inbox.fetch().map(\.id) == [first], "the delete reached the phone")

            let relaunched = phone.relaunch()
            await relaunched.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: TestUser(userID: "ada"))
            #expect(await relaunched.sdk.inbox.messages.map(\.id) == [first], "kept on disk for the user")
        }
    }

    @Test func anExpiredMessageDisappears() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let (phone, tablet) = await devices(server, app)
            defer { phone.removeStorage(); tablet.removeStorage() }
            let brief = try await server.sendInbox(app, to: ["ada"], title: "Brief", ttlSeconds: 60)
            let lasting = try await server.sendInbox(app, to: ["ada"], title: "Lasting")
            #expect(Set(try await phone.sdk.inbox.fetch().map(\.id)) == [brief, lasting])
            #expect(Set(try await tablet.sdk.inbox.fetch().map(\.id)) == [brief, lasting])

            server.clock.advance(by: 61)
            // The tablet's own clock has not moved: the server's sync removes the message.
            #expect(try await tablet.sdk.inbox.fetch().map(\.id) == [lasting])
            // The phone hides it by its own clock, before any sync.
            phone.clock.advance(by: 61)
            #expect(await phone.sdk.inbox.messages.map(\.id) == [lasting])
        }
    }

    @Test func anAnonymousUserGetsTheTypedErrorAndNoData() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let (phone, tablet) = await devices(server, app, user: TestUser(userID: nil))
            defer { phone.removeStorage(); tablet.removeStorage() }
            try await server.sendInbox(app, to: ["ada"], title: "Not yours")
            await #expect(throws: InboxError.requiresIdentity) { try await phone.sdk.inbox.fetch() }
            await #expect(throws: InboxError.requiresIdentity) { try await tablet.sdk.inbox.markAllRead() }
            #expect(await phone.sdk.inbox.messages.isEmpty)
            let raw = try await server.rawInboxSync(subscriptionID: app.subscriptionID, body: #"{"userIdentifiers": []}"#)
            #expect(raw.status == 403 && raw.code == "inbox_requires_identity")
        }
    }

    @Test func withRequiredVerificationAForgedUserIDIsRefusedAndSeesNothing() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let secret = try await server.requireIdentityVerification(app)
            try await server.sendInbox(app, to: ["ada"], title: "Private")
            let ada = SignedTestUser(userID: "ada", userSignature: LiveServer.sign("ada", with: secret))
            let (phone, tablet) = await devices(server, app, user: ada)
            defer { phone.removeStorage(); tablet.removeStorage() }
            #expect(try await phone.sdk.inbox.fetch().map(\.content.title) == ["Private"])

            // Mallory has a valid signature, but for her own ID, and claims Ada's.
            tablet.sdk.registerPreference(SignedTestUser(userID: "ada", userSignature: LiveServer.sign("mallory", with: secret)))
            await #expect(throws: InboxError.identityNotVerified) { try await tablet.sdk.inbox.fetch() }
            await #expect(throws: InboxError.identityNotVerified) { try await tablet.sdk.inbox.markAllRead() }
            #expect(await tablet.sdk.inbox.messages.isEmpty)
            tablet.sdk.registerPreference(TestUser(userID: "ada"))
            await #expect(throws: InboxError.identityNotVerified) { try await tablet.sdk.inbox.fetch() }
            #expect(try await phone.sdk.inbox.fetch().first?.isRead == false, "nothing was changed for Ada")
        }
    }

    @Test func withConsentDeniedNoOpenOrClickIsStored() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let (phone, tablet) = await devices(server, app)
            defer { phone.removeStorage(); tablet.removeStorage() }
            let action = InboxAction(.browser, url: "https://example.com/sale")
            let id = try await server.sendInbox(app, to: ["ada"], title: "Sale", mainAction: action)
            _ = try await phone.sdk.inbox.fetch()
            _ = try await tablet.sdk.inbox.fetch()

            phone.sdk.trackingConsent = .denied
            #expect(await phone.sdk.inbox.trackOpened(id) == false)
            #expect(await phone.sdk.inbox.trackClick(action, on: id) == false)
            await phone.sdk.waitUntilIdle()
            var stats = try await server.inboxStats(app, id: id)
            #expect(stats.opened == 0 && stats.clicked == 0)

            tablet.sdk.trackingConsent = .granted
            #expect(await tablet.sdk.inbox.trackOpened(id))
            #expect(await tablet.sdk.inbox.trackClick(action, on: id))
            await tablet.sdk.waitUntilIdle()
            stats = try await server.inboxStats(app, id: id)
            #expect(stats.opened == 1 && stats.clicked == 1, "the same calls with consent are stored")
        }
    }

    @Test func anOpenTrackedWithoutConsentIsStoredDespiteARefusal() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let (phone, tablet) = await devices(server, app)
            defer { phone.removeStorage(); tablet.removeStorage() }
            let action = InboxAction(.deepLink, url: "shop://sale")
            let id = try await server.sendInbox(app, to: ["ada"], title: "Sale", mainAction: action)
            _ = try await phone.sdk.inbox.fetch()

            phone.sdk.trackingConsent = .denied
            #expect(await phone.sdk.inbox.trackOpened(id) == false)
            #expect(await phone.sdk.inbox.trackOpenedWithoutTrackingConsent(id))
            #expect(await phone.sdk.inbox.trackClickWithoutTrackingConsent(action, on: id))
            await phone.sdk.waitUntilIdle()
            let stats = try await server.inboxStats(app, id: id)
            #expect(stats.opened == 1 && stats.clicked == 1, "the app chose to track these whatever the user said")
            #expect(stats.read == 0, "tracking an open does not mark the message read")
        }
    }

    @Test func anIdentitySwitchClearsTheView() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let (phone, tablet) = await devices(server, app)
            defer { phone.removeStorage(); tablet.removeStorage() }
            let adas = try await server.sendInbox(app, to: ["ada"], title: "For Ada")
            let bobs = try await server.sendInbox(app, to: ["bob"], title: "For Bob")
            #expect(try await phone.sdk.inbox.fetch().map(\.id) == [adas])
            #expect(try await tablet.sdk.inbox.fetch().map(\.id) == [adas])

            phone.sdk.registerPreference(TestUser(userID: "bob"))
            #expect(await phone.sdk.inbox.messages.isEmpty, "Bob never sees Ada's messages, not even cached")
            #expect(await phone.sdk.inbox.unreadCount == 0)
            #expect(try await phone.sdk.inbox.fetch().map(\.id) == [bobs])

            phone.sdk.registerPreference(TestUser(userID: nil))
            #expect(await phone.sdk.inbox.messages.isEmpty)
            phone.sdk.registerPreference(TestUser(userID: "ada"))
            #expect(await phone.sdk.inbox.messages.map(\.id) == [adas], "Ada's own inbox comes back from disk")
            #expect(await tablet.sdk.inbox.messages.map(\.id) == [adas], "the other device is unaffected")
        }
    }

    @Test func anInboxCampaignReachesEveryDeviceOfTheUserAndIsNeverDisplayed() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            var draft = CampaignDraft.make("Weekly digest")
            draft.channel = .inbox
            _ = try await server.createCampaign(draft, in: app)
            let (phone, tablet) = await devices(server, app)
            defer { phone.removeStorage(); tablet.removeStorage() }
            await phone.log(AppStartEvent())
            #expect(phone.displayedIDs.isEmpty, "an inbox campaign is not shown in-app")
            let onPhone = try await phone.sdk.inbox.fetch()
            #expect(onPhone.map(\.content.title) == ["Weekly digest"])
            #expect(try await tablet.sdk.inbox.fetch().map(\.id) == onPhone.map(\.id), "the same message on both devices")
        }
    }
}
