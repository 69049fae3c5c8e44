import Foundation
import Marquee
import MarqueeModel
import MarqueeRender
import MarqueeUI
import Testing

/// MarqueeUI's inbox view models with a real SDK against a live server: the list's states, the
/// button's badge, the detail's buttons, opens and read marks, and a change of user.
@MainActor
@Suite struct InboxViewModelTests {
    private func device(_ server: LiveServer, _ app: LiveServer.CreatedApp,
                        user: TestUser = TestUser(userID: "ada")) async -> TestDevice {
        let device = TestDevice()
        await device.start(with: server.configurationURL, subscriptionID: app.subscriptionID, user: user)
        return device
    }

    private func context(_ device: TestDevice) -> InboxViewContext {
        InboxViewContext(sdk: device.sdk, clock: device.clock)
    }

    /// Waits for what a reader of the inbox's changes does on the main actor after the SDK has
    /// published a change; `false` when it never happens. The bound only stops a hung test: a
    /// busy machine running the whole suite may take seconds to get there.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    private func titles(_ state: InboxListViewModel.State) -> [String]? {
        if case .loaded(let rows) = state { rows.map(\.title) } else { nil }
    }

    @Test func theListLoadsRowsNewestFirstDatedByTheInjectedClock() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            defer { phone.removeStorage() }
            try await server.sendInbox(app, to: ["ada"], title: "First")
            server.clock.advance(by: 1)
            try await server.sendInbox(app, to: ["ada"], title: "Second")
            let model = InboxListViewModel(context: context(phone))
            #expect(model.state == .loading)

            await model.refresh()
            #expect(titles(model.state) == ["Second", "First"])
            let newest = try #require(await phone.sdk.inbox.messages.first)
            phone.clock.set(to: newest.deliveredAt.addingTimeInterval(2 * 3_600 + 30))
            await model.refresh()
            guard case .loaded(let rows) = model.state else { Issue.record("not loaded: \(model.state)"); return }
            #expect(rows.first?.time == "2 h ago", "the device's clock, not the system's")
            #expect(rows.map(\.isUnread) == [true, true])
            #expect(rows.first?.preview == "Body of Second")
        }
    }

    @Test func anEmptyInboxShowsEmpty() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            defer { phone.removeStorage() }
            try await server.sendInbox(app, to: ["bob"], title: "Not Ada's")
            let model = InboxListViewModel(context: context(phone))
            await model.refresh()
            #expect(model.state == .empty)
            #expect(model.lastError == nil)
        }
    }

    @Test func anAnonymousUserGetsTheErrorState() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app, user: TestUser(userID: nil))
            defer { phone.removeStorage() }
            let model = InboxListViewModel(context: context(phone))
            await model.refresh()
            #expect(model.state == .failed(message: InboxLabels().failed))
            #expect(model.lastError == .requiresIdentity)
        }
    }

    @Test func anUnreachableServerGetsTheErrorStateUnlessMessagesAreKept() async throws {
        let (phone, tablet) = try await LiveServer.with { server in
            let app = try await server.createApp()
            try await server.sendInbox(app, to: ["ada"], title: "Kept")
            let phone = await device(server, app)
            let tablet = await device(server, app)
            _ = try await tablet.sdk.inbox.fetch()
            return (phone, tablet)
        }
        defer { phone.removeStorage(); tablet.removeStorage() }

        // The server is gone now; both devices know where its inbox was.
        let empty = InboxListViewModel(context: context(phone))
        await empty.refresh()
        #expect(empty.state == .failed(message: InboxLabels().failed), "nothing fetched before, nothing to show")
        #expect(isTransportFailure(empty.lastError))

        let kept = InboxListViewModel(context: context(tablet))
        await kept.refresh()
        #expect(titles(kept.state) == ["Kept"], "offline, the messages kept on the device show")
        #expect(isTransportFailure(kept.lastError))
    }

    private func isTransportFailure(_ error: InboxError?) -> Bool {
        if case .transport = error { true } else { false }
    }

    @Test func theBadgeFollowsAReadOnAnotherDeviceAfterTheNextFetch() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            let tablet = await device(server, app)
            defer { phone.removeStorage(); tablet.removeStorage() }
            let first = try await server.sendInbox(app, to: ["ada"], title: "First")
            try await server.sendInbox(app, to: ["ada"], title: "Second")
            let badge = InboxButtonViewModel(context: context(phone))
            let following = Task { await badge.followChanges() }
            defer { following.cancel() }

            _ = try await phone.sdk.inbox.fetch()
            #expect(await eventually { badge.unreadCount == 2 })
            #expect(badge.badge == "2")
            _ = try await tablet.sdk.inbox.fetch()
            try await tablet.sdk.inbox.markRead([first])
            #expect(badge.unreadCount == 2, "the phone has not synced yet")

            _ = try await phone.sdk.inbox.fetch()
            #expect(await eventually { badge.unreadCount == 1 }, "the read mark arrives with the phone's next fetch")
            #expect(badge.unreadDescription == "1 unread")
        }
    }

    @Test func openingTracksOneOpenUnderConsentMarksReadAndShowsOnlyLinkButtons() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            defer { phone.removeStorage() }
            let web = InboxAction(.browser, url: "https://example.com/sale")
            let deep = InboxAction(.deepLink, url: "shop://sale")
            let id = try await server.sendInbox(app, to: ["ada"], content: InboxContent(title: "Sale", body: "Ten percent off", buttons: [
                InboxButton(title: "Web", action: web),
                InboxButton(title: "Back to the app", action: InboxAction(.openApp)),
                InboxButton(title: "Deep", action: deep),
            ]))
            phone.sdk.trackingConsent = .granted
            let list = InboxListViewModel(context: context(phone))
            let showing = Task { await list.run() }
            defer { showing.cancel() }
            #expect(await eventually { titles(list.state) == ["Sale"] })

            let opened = OpenedActions()
            let detail = InboxDetailViewModel(messageID: id, context: context(phone), open: opened.open)
            await detail.load()
            await detail.load()
            guard case .loaded(let shown) = detail.state else { Issue.record("not loaded: \(detail.state)"); return }
            #expect(shown.title == "Sale" && shown.body == "Ten percent off")
            #expect(shown.buttons.map(\.title) == ["Web", "Deep"], "no button for opening the app")
            #expect(await eventually { if case .loaded(let rows) = list.state { rows.first?.isUnread == false } else { false } },
                    "the list shows the message read")

            await detail.tap(shown.buttons[0])
            #expect(opened.actions == [web])
            await phone.sdk.waitUntilIdle()
            let stats = try await server.inboxStats(app, id: id)
            #expect(stats.opened == 1, "one open, however often the detail appears")
            #expect(stats.read == 1)
            #expect(stats.clicked == 1)
        }
    }

    @Test func theMainActionAndTheLinksOfAnHTMLBodyAreTrackedAndOpenedLikeButtons() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            defer { phone.removeStorage() }
            let more = InboxAction(.browser, url: "https://example.com/more")
            let cart = InboxAction(.deepLink, url: "shop://cart")
            let id = try await server.sendInbox(app, to: ["ada"], content: InboxContent(
                title: "Sale", body: #"<p>Open <a href="shop://cart">your cart</a> or <a href="javascript:x()">this</a>.</p>"#,
                bodyFormat: .html, mainAction: more))
            phone.sdk.trackingConsent = .granted
            let opened = OpenedActions()
            let detail = InboxDetailViewModel(messageID: id, context: context(phone), open: opened.open)
            await detail.load()
            guard case .loaded(let shown) = detail.state else { Issue.record("not loaded: \(detail.state)"); return }
            #expect(shown.buttons.map(\.title) == ["See more"])
            #expect(shown.richBody.links == [cart], "the script link is text")

            await detail.tap(shown.buttons[0])
            await detail.follow(cart)
            await detail.follow(InboxAction(.browser, url: "https://elsewhere.example"))
            #expect(opened.actions == [more, cart], "a link the body does not hold is not followed")
            await phone.sdk.waitUntilIdle()
            #expect(try await server.inboxStats(app, id: id).clicked == 2)
        }
    }

    @Test func underRefusedConsentOpeningAndTappingTrackNothingButStillWork() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            defer { phone.removeStorage() }
            let web = InboxAction(.browser, url: "https://example.com/sale")
            let id = try await server.sendInbox(app, to: ["ada"], content: InboxContent(title: "Sale", body: "",
                                                                                         buttons: [InboxButton(title: "Web", action: web)]))
            phone.sdk.trackingConsent = .denied
            let opened = OpenedActions()
            let detail = InboxDetailViewModel(messageID: id, context: context(phone), open: opened.open)
            await detail.load()
            guard case .loaded(let shown) = detail.state else { Issue.record("not loaded: \(detail.state)"); return }
            await detail.tap(shown.buttons[0])
            #expect(opened.actions == [web], "the link opens all the same")
            await phone.sdk.waitUntilIdle()
            let stats = try await server.inboxStats(app, id: id)
            #expect(stats.opened == 0 && stats.clicked == 0)
            #expect(stats.read == 1, "reading is not tracking")
        }
    }

    @Test func aMessageNoLongerInTheInboxShowsAsMissing() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            defer { phone.removeStorage() }
            let id = try await server.sendInbox(app, to: ["ada"], title: "Gone soon")
            _ = try await phone.sdk.inbox.fetch()
            try await phone.sdk.inbox.delete([id])
            let detail = InboxDetailViewModel(messageID: id, context: context(phone)) { _ in }
            await detail.load()
            #expect(detail.state == .missing)
        }
    }

    @Test func anIdentitySwitchEmptiesTheList() async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp()
            let phone = await device(server, app)
            defer { phone.removeStorage() }
            try await server.sendInbox(app, to: ["ada"], title: "For Ada")
            let list = InboxListViewModel(context: context(phone))
            let showing = Task { await list.run() }
            defer { showing.cancel() }
            #expect(await eventually { titles(list.state) == ["For Ada"] })

            phone.sdk.registerPreference(TestUser(userID: "bob"))
            #expect(await eventually { list.state == .empty }, "Bob sees none of Ada's messages")
            let badge = InboxButtonViewModel(context: context(phone))
            let following = Task { await badge.followChanges() }
            defer { following.cancel() }
            phone.sdk.registerPreference(TestUser(userID: "ada"))
            #expect(await eventually { titles(list.state) == ["For Ada"] }, "Ada's inbox comes back from the device")
            #expect(await eventually { badge.unreadCount == 1 })
        }
    }
}

/// Records what a detail view asked to open.
@MainActor
private final class OpenedActions {
    private(set) var actions: [InboxAction] = []

    func open(_ action: InboxAction) { actions.append(action) }
}
