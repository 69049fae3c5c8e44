import Foundation
import MarqueeModel
import MarqueeWire

/// The App Inbox: syncing the current user's messages, read state and deletes (applied on the
/// device once the server accepted them), opens and clicks sent through the outbox, and the
/// readers of ``MarqueeInbox/changes``, who hear of every change the device applies.
///
/// Every operation first lets earlier commands finish (a `registerPreference` just before counts)
/// and reads the user again; an answer that arrives after the user changed is saved for the user
/// it belongs to and never shown to the new one.
extension MarqueeCore {
    /// The tracking consent as of the last command handled, kept with the device (the settings
    /// box holds the latest value the app asked for).
    var inboxConsent: InboxTrackingConsent { device.inboxConsent ?? .notRequired }

    /// The most pages one fetch follows, so a server that always says "more" cannot loop forever.
    static let maxInboxPages = 100

    /// Handles every command submitted before this call, then reads the user again; `false` before
    /// `configure` (the user is read only from then on).
    func prepareInbox() async -> Bool {
        await withCheckedContinuation { submit(.barrier($0)) }
        guard configuration.isConfigured else { return false }
        refreshIdentity()
        return true
    }

    /// The inbox of `identity`, as saved.
    func loadInbox(for identity: UserIdentity) -> InboxState {
        let stored = files.read(InboxState.self, from: InboxState.fileName(for: identity.key))
        guard let stored, stored.identityKey == identity.key else { return InboxState(identityKey: identity.key) }
        return stored
    }

    func saveInbox(_ state: InboxState) {
        files.write(state, to: InboxState.fileName(for: state.identityKey))
    }

    /// The current user's messages as last synced (none for the anonymous user).
    func inboxMessages() async -> [InboxMessage] {
        guard await prepareInbox() else { return [] }
        return inboxSnapshot().messages
    }

    /// What the current user sees now, without waiting for earlier commands.
    func inboxSnapshot() -> InboxSnapshot {
        InboxSnapshot(messages: identity.userID == nil ? [] : inbox.visible(at: now))
    }

    /// Tells every reader of ``MarqueeInbox/changes`` what the current user sees now.
    func publishInbox() {
        guard !inboxReaders.isEmpty else { return }
        inboxReaders.publish(inboxSnapshot())
    }

    /// One of the current user's messages: from the device once the inbox was fetched, else after a fetch.
    func inboxMessage(id: String) async throws(InboxError) -> InboxMessage? {
        guard await prepareInbox() else { throw .unavailable }
        guard identity.userID != nil else { throw .requiresIdentity }
        if inbox.syncToken == nil { _ = try await fetchInbox() }
        return inbox.visible(at: now).first { $0.id == id }
    }

    /// Syncs with the server (incrementally when a token is saved) and returns the messages.
    func fetchInbox() async throws(InboxError) -> [InboxMessage] {
        guard await prepareInbox() else { throw .unavailable }
        if let running = inboxSync {
            return try await running.value.get()
        }
        let task = Task { await self.runInboxSync() }
        inboxSync = task
        let result = await task.value
        inboxSync = nil
        return try result.get()
    }

    private func runInboxSync() async -> Result<[InboxMessage], InboxError> {
        let user = identity
        guard user.userID != nil else { return .failure(.requiresIdentity) }
        guard let client, let text = device.inboxEndpoints?.sync, let url = URL(string: text) else {
            return .failure(.unavailable)
        }
        var token = inbox.syncToken
        var pages: [InboxSyncResponse] = []
        var resynced = false
        var more = true
        while more && pages.count < Self.maxInboxPages {
            let app = client.app
            let request = InboxSyncRequest(userIdentifiers: UserIdentifierDTO.list(for: user), syncToken: token,
                                           appVersion: app.appVersion, locale: app.locale, platform: client.platform)
            switch await client.inboxSync(url: url, request: request, accessToken: accessToken, signature: userSignature) {
            case .success(let page):
                pages.append(page)
                token = page.syncToken
                more = page.hasMore
            case .failure(.resyncRequired):
                // Once: a server that refused a fresh token would otherwise loop.
                guard !resynced, token != nil else { return .failure(.httpStatus(410)) }
                resynced = true
                token = nil
                pages = []
            case .failure(.failed(let error)):
                return .failure(error)
            }
        }
        // Applied to the state as it is now, so a read or delete accepted meanwhile is kept.
        var state = user == identity ? inbox : loadInbox(for: user)
        if resynced { state.reset() }
        for page in pages { state.apply(page) }
        saveInbox(state)
        guard user == identity else { return .failure(.userChanged) }
        inbox = state
        publishInbox()
        return .success(state.visible(at: now))
    }

    /// Sends a change of the current user's inbox; the device applies it once the server accepted it.
    func updateInbox(_ operation: InboxOperation, ids: [String]) async throws(InboxError) {
        guard await prepareInbox() else { throw .unavailable }
        let user = identity
        guard user.userID != nil else { throw .requiresIdentity }
        guard let client, let text = device.inboxEndpoints?.update, let url = URL(string: text) else { throw .unavailable }
        let request = InboxUpdateRequest(userIdentifiers: UserIdentifierDTO.list(for: user), operation: operation, messageIDs: ids)
        switch await client.inboxUpdate(url: url, request: request, accessToken: accessToken, signature: userSignature) {
        case .success:
            var state = user == identity ? inbox : loadInbox(for: user)
            switch operation {
            case .markRead: state.setRead(true, ids: ids)
            case .markUnread: state.setRead(false, ids: ids)
            case .markAllRead: state.setAllRead()
            case .delete: state.remove(ids)
            }
            saveInbox(state)
            if user == identity {
                inbox = state
                publishInbox()
            }
        case .failure(.resyncRequired):
            throw .httpStatus(410)
        case .failure(.failed(let error)):
            throw error
        }
    }

    /// Puts an open or click of one of the current user's messages in the outbox, when consent
    /// allows or the app tracks it `withoutConsent`. Returns whether it was recorded.
    func trackInbox(_ interaction: InboxInteraction, messageID: String, url: String?,
                    withoutConsent: Bool) async -> Bool {
        guard await prepareInbox() else { return false }
        guard withoutConsent || inboxConsent.allowsTracking, identity.userID != nil, inbox.messages[messageID] != nil else {
            return false
        }
        // The request carries the user's consent as it is; the flag tells the server the app chose to track anyway.
        let event = InboxTrackingEvent(id: environment.random.uuid(), messageID: messageID, interaction: interaction,
                                       url: url, timestamp: Int64((now.timeIntervalSince1970 * 1000).rounded()),
                                       withoutTrackingConsent: withoutConsent)
        let request = InboxTrackRequest(userIdentifiers: UserIdentifierDTO.list(for: identity), consent: inboxConsent,
                                        events: [event])
        outbox.append(OutboxItem(identityKey: identity.key, payload: .inboxTracking(request), notBefore: now))
        files.write(outbox, to: Outbox.fileName)
        track { await $0.flushOutbox() }
        return true
    }

    /// Sets the user's tracking consent; a refusal also drops the opens and clicks not sent yet,
    /// except those the app tracked without consent, and takes the user out of survey answers
    /// not sent yet (they still count, naming no one).
    func setInboxConsent(_ consent: InboxTrackingConsent) {
        device.inboxConsent = consent
        files.write(device, to: DeviceState.fileName)
        guard !consent.allowsTracking else { return }
        outbox.items = outbox.items.compactMap { item in
            switch item.payload {
            case .impression, .conversion, .profile:
                return item
            case .survey(var request):
                request.userIdentifiers = []
                var kept = item
                kept.payload = .survey(request)
                return kept
            case .inboxTracking(var request):
                request.events.removeAll { !$0.withoutTrackingConsent }
                guard !request.events.isEmpty else { return nil }
                var kept = item
                kept.payload = .inboxTracking(request)
                return kept
            }
        }
        files.write(outbox, to: Outbox.fileName)
    }

    /// Keeps the inbox endpoints a ping offered (or their absence) for this and later launches.
    func adoptInboxEndpoints(_ endpoints: InboxEndpoints?) {
        guard device.inboxEndpoints != endpoints else { return }
        device.inboxEndpoints = endpoints
        files.write(device, to: DeviceState.fileName)
    }
}
