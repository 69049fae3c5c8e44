import Foundation
import MarqueeModel
import MarqueeWire

/// The App Inbox of the current user: messages sent to their user ID, kept on the server and
/// synced to each of their devices, with read state shared between devices.
///
/// ```swift
/// let inbox = MarqueeSDK.shared.inbox
/// let messages = try await inbox.fetch()
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
    public var messages: [InboxMessage] {
        get async { await core.inboxMessages() }
    }

    /// Unread messages among ``messages``. No request is made.
    public var unreadCount: Int {
        get async { InboxSnapshot(messages: await core.inboxMessages()).unreadCount }
    }

    /// Fetches what changed since the last sync (everything the first time), keeps it on the
    /// device for this user, and returns the messages.
    @discardableResult
    public func fetch() async throws(InboxError) -> [InboxMessage] {
        try await core.fetchInbox()
    }

    /// The message `id`, or `nil` when the user's inbox does not hold it. Once the inbox has been
    /// fetched on this device the answer comes from the device, without a request; before that,
    /// this fetches the inbox first.
    public func message(id: String) async throws(InboxError) -> InboxMessage? {
        try await core.inboxMessage(id: id)
    }

    /// Marks messages read on every device of the user. This tracks no open: call
    /// ``trackOpened(_:)`` when the user opens a message.
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

    /// The inbox after every change the device applies: a sync, a read or unread mark, a delete,
    /// and a change of user (the new user's inbox, empty for the anonymous user). Each call returns
    /// a stream of its own, which starts with the inbox as it is. A reader that falls behind gets
    /// only the latest snapshot; a message that expires leaves the next snapshot.
    ///
    /// ```swift
    /// for await snapshot in MarqueeSDK.shared.inbox.changes {
    ///     badge.count = snapshot.unreadCount
    /// }
    /// ```
    public var changes: AsyncStream<InboxSnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: InboxSnapshot.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        continuation.onTermination = { [weak core] _ in core?.submit(.unsubscribeInbox(id)) }
        core.submit(.subscribeInbox(id, continuation))
        return stream
    }

    /// Records that the user opened a message (sent in the background, retried until the server
    /// has it). Nothing is recorded when ``MarqueeSDK/trackingConsent`` is
    /// ``InboxTrackingConsent/denied`` or the message is not in the inbox. Opening does not mark a
    /// message read: call ``markRead(_:)`` too.
    /// - Returns: whether the open was recorded.
    @discardableResult
    public func trackOpened(_ id: String) async -> Bool {
        await core.trackInbox(.opened, messageID: id, url: nil, withoutConsent: false)
    }

    /// Records that the user opened a message whatever ``MarqueeSDK/trackingConsent`` says, for
    /// opens the app may track without consent. The server is told the event was sent without
    /// consent and stores it even when the user refused.
    /// - Returns: whether the open was recorded (`false` when the message is not in the inbox).
    @discardableResult
    public func trackOpenedWithoutTrackingConsent(_ id: String) async -> Bool {
        await core.trackInbox(.opened, messageID: id, url: nil, withoutConsent: true)
    }

    /// Records that the user tapped `action` of message `id` (its main action or a button),
    /// honouring ``MarqueeSDK/trackingConsent`` like ``trackOpened(_:)``.
    /// - Returns: whether the click was recorded.
    @discardableResult
    public func trackClick(_ action: InboxAction, on id: String) async -> Bool {
        await core.trackInbox(.clicked, messageID: id, url: action.url, withoutConsent: false)
    }

    /// Records a click whatever ``MarqueeSDK/trackingConsent`` says, like
    /// ``trackOpenedWithoutTrackingConsent(_:)``.
    /// - Returns: whether the click was recorded (`false` when the message is not in the inbox).
    @discardableResult
    public func trackClickWithoutTrackingConsent(_ action: InboxAction, on id: String) async -> Bool {
        await core.trackInbox(.clicked, messageID: id, url: action.url, withoutConsent: true)
    }
}

extension MarqueeSDK {
    /// The current user's App Inbox.
    public var inbox: MarqueeInbox { MarqueeInbox(core: core) }
}
