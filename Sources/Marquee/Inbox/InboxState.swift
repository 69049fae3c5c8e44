import Foundation
import MarqueeModel
import MarqueeWire

/// One user's App Inbox on this device: the messages as of the last sync and the token to sync
/// from. Saved in its own file per user, so switching users never shows one user another's inbox,
/// in a compact layout of its own (`InboxState+Storage`).
struct InboxState: Sendable, Hashable {
    var identityKey: String
    var messages: [String: InboxMessage] = [:]
    /// The token of the last sync; `nil` until the first one.
    var syncToken: String?

    init(identityKey: String) {
        self.identityKey = identityKey
    }

    /// Merges one sync page: a full sync's first page replaces everything, later pages and
    /// incremental syncs add, replace and remove by id.
    mutating func apply(_ page: InboxSyncResponse) {
        if page.fullSync { messages = [:] }
        for message in page.messages { messages[message.id] = message }
        for id in page.removedIDs { messages[id] = nil }
        syncToken = page.syncToken
    }

    /// Forgets everything, for a full resync (the server refused the token).
    mutating func reset() {
        messages = [:]
        syncToken = nil
    }

    /// The messages to show at `now`, newest first; expired ones are hidden even before a sync removes them.
    func visible(at now: Date) -> [InboxMessage] {
        messages.values.filter { !$0.isExpired(at: now) }
            .sorted { ($0.deliveredAt, $0.id) > ($1.deliveredAt, $1.id) }
    }

    /// Sets the read flag of `ids` (after the server accepted the change).
    mutating func setRead(_ read: Bool, ids: [String]) {
        for id in ids { messages[id]?.isRead = read }
    }

    mutating func setAllRead() {
        for id in messages.keys { messages[id]?.isRead = true }
    }

    mutating func remove(_ ids: [String]) {
        for id in ids { messages[id] = nil }
    }

    /// The file of `identityKey`'s inbox. It keeps the name it had when it held JSON, so that
    /// files written before the binary layout are found and rewritten.
    static func fileName(for identityKey: String) -> String {
        "inbox-" + FileStore.bucketFileName(for: identityKey)
    }
}
