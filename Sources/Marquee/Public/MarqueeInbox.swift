import Foundation
import MarqueeModel
import MarqueeWire

/// The App Inbox of the current user: messages sent to their user ID, kept on the server and
/// synced to each of their devices, with read state shared between devices.
///
/// ```swift
/// let inbox = MarqueeSDK.shared.inbox
/// let messages = try await inbox.refresh()
/// try await inbox.markRead([messages[0].id])
/// await inbox.trackOpened(messages[0].id)
/// ```
///
/// The inbox needs an identified user (a ``UserInfoProvider`` with a user ID); for the anonymous
/// user calls throw ``InboxError/requiresIdentity``. When the app's server verifies identities,
/// the provider must be a ``SignedUserInfoProvider``. A change of user shows the new user's inbox
/// (empty until its first sync) at once.
public struct MarqueeInbox: Sendable {
    let core: MarqueeCore

    /// The messages as of the last sync, newest first, without expired ones. No request is made.
    public func messages() async -> [InboxMessage] {
        await core.inboxMessages()
    }

    /// Unread messages among ``messages()``.
    public func unreadCount() async -> Int {
        await core.inboxMessages().filter { !$0.isRead }.count
    }

    /// Fetches what changed since the last sync (everything the first time) and returns the messages.
    @discardableResult
    public func refresh() async throws(InboxError) -> [InboxMessage] {
        try await core.refreshInbox()
    }

    /// Marks messages read on every device of the user.
    public func markRead(_ ids: [String]) async throws(InboxError) {
        try await core.updateInbox(.markRead, ids: ids)
    }

    /// Marks messages unread on every device of the user.
    public func markUnread(_ ids: [String]) async throws(InboxError) {
        try await core.updateInbox(.markUnread, ids: ids)
    }

    /// Marks every message read.
    public func markAllRead() async throws(InboxError) {
        try await core.updateInbox(.markAllRead, ids: [])
    }

    /// Removes messages from the user's inbox on every device.
    public func delete(_ ids: [String]) async throws(InboxError) {
        try await core.updateInbox(.delete, ids: ids)
    }

    /// Records that the user opened a message (sent in the background, retried until the server
    /// has it). Nothing is recorded when consent is ``InboxTrackingConsent/denied`` or the message
    /// is not in the inbox. Opening does not mark a message read: call ``markRead(_:)`` too.
    /// - Returns: whether the open was recorded.
    @discardableResult
    public func trackOpened(_ id: String) async -> Bool {
        await core.trackInbox(.opened, messageID: id, url: nil)
    }

    /// Records a click on a message's action (its main action or a button), like ``trackOpened(_:)``.
    @discardableResult
    public func trackClicked(_ id: String, action: InboxAction?) async -> Bool {
        await core.trackInbox(.clicked, messageID: id, url: action?.url)
    }

    /// Sets whether the user allows tracking of opens and clicks. Default
    /// ``InboxTrackingConsent/notRequired``; `denied` also drops opens and clicks not sent yet.
    /// The choice is kept on the device across launches, until the app sets another.
    public func setTrackingConsent(_ consent: InboxTrackingConsent) async {
        await core.setInboxConsent(consent)
    }
}

extension MarqueeSDK {
    /// The current user's App Inbox.
    public var inbox: MarqueeInbox { MarqueeInbox(core: core) }
}
