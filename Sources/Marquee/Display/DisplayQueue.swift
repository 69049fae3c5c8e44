import Foundation
import MarqueeModel

/// A triggered campaign waiting for its turn on screen.
struct QueuedMessage: Sendable, Hashable {
    var campaign: Campaign
    /// The user it was triggered for: it is discarded if the user changes before display, and a
    /// display that ends after a user change is still counted for this user.
    var identity: UserIdentity
    var isLocal: Bool
    var sequence: Int
    /// When it was readied: the display timeout counts from here.
    var readiedAt: Date
    /// Shown by the immediate coordinator: it does not wait for the message slot.
    var isImmediate = false
    /// Not tried again before this time (the delegate asked to wait, or the presenter was not ready).
    var notBefore = Date.distantPast

    /// The key of ``identity``: the bucket it is counted in.
    var identityKey: String { identity.key }

    /// Tooltips have their own lane: they wait for their element, not for the message slot.
    var isTooltip: Bool { campaign.message.kind == .tooltip }
}

/// Messages waiting to be shown: highest priority first, then first-in-first-out or last-in-first-out.
struct DisplayQueue: Sendable {
    private(set) var items: [QueuedMessage] = []
    private var nextSequence = 0

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    /// Adds a campaign readied at `date` unless the same campaign is already waiting.
    mutating func enqueue(_ campaign: Campaign, for identity: UserIdentity, isLocal: Bool = false, at date: Date,
                          isImmediate: Bool = false) {
        guard isLocal || !items.contains(where: { $0.campaign.id == campaign.id && !$0.isLocal }) else { return }
        nextSequence += 1
        items.append(QueuedMessage(campaign: campaign, identity: identity, isLocal: isLocal, sequence: nextSequence,
                                   readiedAt: date, isImmediate: isImmediate))
    }

    /// Puts a message back with its original place in line.
    mutating func requeue(_ message: QueuedMessage) {
        items.append(message)
    }

    /// Takes the next message in `order` that may be tried at `now` and passes `isAllowed`.
    mutating func dequeue(order: QueueOrder, at now: Date,
                          where isAllowed: (QueuedMessage) -> Bool = { _ in true }) -> QueuedMessage? {
        let candidates = items.indices.filter { items[$0].notBefore <= now && isAllowed(items[$0]) }
        guard let best = candidates.min(by: { precedes(items[$0], items[$1], order: order) }) else { return nil }
        return items.remove(at: best)
    }

    /// The earliest time after `now` at which a waiting message may be tried again.
    func nextRetry(after now: Date) -> Date? {
        items.map(\.notBefore).filter { $0 > now }.min()
    }

    /// The earliest time at which some waiting message may be tried (`distantPast` for a new one).
    var earliestTry: Date? { items.map(\.notBefore).min() }

    mutating func removeAll() { items = [] }

    /// Removes and returns the messages readied before `date`, in line order.
    mutating func remove(readiedBefore date: Date) -> [QueuedMessage] {
        let old = items.filter { $0.readiedAt < date }.sorted { $0.sequence < $1.sequence }
        items.removeAll { $0.readiedAt < date }
        return old
    }

    /// Every waiting message in the order `dequeue` would return them.
    func ordered(_ order: QueueOrder) -> [QueuedMessage] {
        items.sorted { precedes($0, $1, order: order) }
    }

    private func precedes(_ a: QueuedMessage, _ b: QueuedMessage, order: QueueOrder) -> Bool {
        let (pa, pb) = (a.campaign.delivery.priority, b.campaign.delivery.priority)
        if pa != pb { return pa > pb }
        return order == .fifo ? a.sequence < b.sequence : a.sequence > b.sequence
    }
}
