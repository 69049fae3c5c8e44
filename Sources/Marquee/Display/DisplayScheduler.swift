import Foundation
import MarqueeModel
import MarqueeWire

/// A message or tooltip being shown (or being prepared: its slot is taken before any preparation).
struct Displaying: Sendable {
    /// Names this display for its whole life; a presenter's answer for a released token is ignored.
    var token: Int
    var item: QueuedMessage
    var message: InAppMessage
    var shownAt: Date?
    var presenter: (any MessagePresenter)?
    /// The experiment arm shown, when the campaign runs an experiment.
    var arm: ExperimentArm?
    /// The campaign's goal: the display opens its attribution window.
    var goal: ConversionGoal?
    /// Whether the display's survey answers went to the outbox: at most once per display.
    var sentSurvey = false
}

/// Which waiting message or tooltip takes which slot, and when: the display pipeline's rules as a
/// value, without I/O and without reading a clock (every time is passed in).
///
/// - Messages under the standard ``DisplayCoordinator`` (every kind but tooltip, by default) share
///   one slot: one at a time.
/// - Tooltips show beside that message, several at once, at most one per target element, and do
///   not wait for the display interval.
/// - Messages of kinds under the immediate ``DisplayCoordinator`` show beside it too, as soon as
///   they are ready, and do not start the display interval.
/// - Waiting messages go highest ``DeliveryRules/priority`` first, then in ``QueueOrder``.
/// - After a message ends, the next starts no sooner than the display interval or the campaign's
///   `delayAfterCloseMillis`, whichever is longer.
/// - A message put back (the delegate asked to wait, the presenter was not ready) is not tried
///   before its retry time.
/// - A message (not a tooltip) still waiting when the display timeout is over is dropped.
///
/// ``MarqueeCore`` owns one scheduler and does what it decides: permission requests, presenters,
/// timers.
struct DisplayScheduler: Sendable {
    /// Messages other than tooltips, waiting for ``message``'s slot.
    private(set) var queue = DisplayQueue()
    /// Tooltips, waiting for their element.
    private(set) var tooltipQueue = DisplayQueue()
    /// The message slot: the one message (not a tooltip) being prepared or shown.
    private(set) var message: Displaying?
    /// The tooltips being prepared or shown, one per element.
    private(set) var tooltips = TooltipSlots()
    /// Messages under the immediate coordinator, waiting only for their retry time.
    private(set) var immediateQueue = DisplayQueue()
    /// The immediate messages being prepared or shown, by token.
    private var immediate: [Int: Displaying] = [:]
    /// No message starts before this time (display interval after the last one ended).
    private(set) var nextDisplayAt = Date.distantPast
    private var lastToken = 0

    // MARK: - Waiting

    /// Messages and tooltips waiting in every lane.
    var waitingCount: Int { queue.count + tooltipQueue.count + immediateQueue.count }

    /// Why `campaign`, put in its lane now, would wait for the slot: it is taken, or the display
    /// interval runs. `nil` when it could start, and for the lanes that do not wait for the slot
    /// (tooltips, immediate messages).
    func slotWait(for campaign: Campaign, coordinator: DisplayCoordinator, at now: Date) -> DebugReason? {
        guard campaign.message.kind != .tooltip else { return nil }
        switch coordinator {
        case .immediate: return nil
        case .standard:
            if message != nil { return .queueBusy }
            return now < nextDisplayAt ? .displayInterval : nil
        }
    }

    /// Puts a campaign readied at `date` in its lane for `identity`: tooltips wait for their
    /// element, immediate messages for nothing, the others for the slot.
    mutating func enqueue(_ campaign: Campaign, for identity: UserIdentity, isLocal: Bool = false, at date: Date,
                          coordinator: DisplayCoordinator = .standard) {
        guard campaign.message.kind != .tooltip else {
            return tooltipQueue.enqueue(campaign, for: identity, isLocal: isLocal, at: date)
        }
        switch coordinator {
        case .standard: queue.enqueue(campaign, for: identity, isLocal: isLocal, at: date)
        case .immediate: immediateQueue.enqueue(campaign, for: identity, isLocal: isLocal, at: date, isImmediate: true)
        }
    }

    /// Drops and returns the waiting messages readied before `date`: they had no chance to show
    /// within the display timeout. Tooltips wait for their element as long as it takes.
    mutating func removeMessages(readiedBefore date: Date) -> [QueuedMessage] {
        queue.remove(readiedBefore: date) + immediateQueue.remove(readiedBefore: date)
    }

    /// Puts `item` back in its lane with its place in line, not to be tried before `date`.
    mutating func retry(_ item: QueuedMessage, at date: Date) {
        var item = item
        item.notBefore = date
        if item.isTooltip {
            tooltipQueue.requeue(item)
        } else if item.isImmediate {
            immediateQueue.requeue(item)
        } else {
            queue.requeue(item)
        }
    }

    /// Drops every waiting message (not tooltips).
    mutating func removeWaitingMessages() {
        queue.removeAll()
        immediateQueue.removeAll()
    }

    /// Drops every waiting message and tooltip.
    mutating func removeAllWaiting() {
        queue.removeAll()
        immediateQueue.removeAll()
        tooltipQueue.removeAll()
    }

    /// Waiting messages in the order they will show, then waiting immediate messages and tooltips.
    func waiting(_ order: QueueOrder) -> [QueuedMessage] {
        queue.ordered(order) + immediateQueue.ordered(order) + tooltipQueue.ordered(order)
    }

    // MARK: - Starting

    /// When the next waiting message may start: `nil` while the slot is taken or nothing waits;
    /// otherwise the later of the display interval's end and the earliest retry time.
    func nextMessageStart() -> Date? {
        guard message == nil, let earliest = queue.earliestTry else { return nil }
        return max(nextDisplayAt, earliest)
    }

    /// Claims the message slot for the next message that may start at `now`: `nil` while the slot
    /// is taken, the display interval is running, or nothing waiting may be tried yet.
    mutating func claimNextMessage(order: QueueOrder, at now: Date) -> Displaying? {
        guard message == nil, now >= nextDisplayAt, let item = queue.dequeue(order: order, at: now) else { return nil }
        let display = newDisplay(item)
        message = display
        return display
    }

    /// Claims its element for every waiting tooltip that may be tried at `now` and whose element is free.
    mutating func claimTooltips(order: QueueOrder, at now: Date) -> [Displaying] {
        var claimed: [Displaying] = []
        while let item = tooltipQueue.dequeue(order: order, at: now,
                                              where: { !tooltips.isTaken(TooltipSlots.element(of: $0)) }) {
            let display = newDisplay(item)
            _ = tooltips.claim(display)
            claimed.append(display)
        }
        return claimed
    }

    /// Claims every waiting immediate message that may be tried at `now`.
    mutating func claimImmediate(order: QueueOrder, at now: Date) -> [Displaying] {
        var claimed: [Displaying] = []
        while let item = immediateQueue.dequeue(order: order, at: now) {
            let display = newDisplay(item)
            immediate[display.token] = display
            claimed.append(display)
        }
        return claimed
    }

    /// The earliest time after `now` at which a waiting immediate message may be tried again.
    func nextImmediateRetry(after now: Date) -> Date? {
        immediateQueue.nextRetry(after: now)
    }

    /// The immediate messages being prepared or shown, oldest first.
    var immediateDisplays: [Displaying] { immediate.values.sorted { $0.token < $1.token } }

    /// The earliest time after `now` at which a waiting tooltip may be tried again.
    func nextTooltipRetry(after now: Date) -> Date? {
        tooltipQueue.nextRetry(after: now)
    }

    private mutating func newDisplay(_ item: QueuedMessage) -> Displaying {
        lastToken += 1
        return Displaying(token: lastToken, item: item, message: InAppMessage(campaign: item.campaign, isLocal: item.isLocal))
    }

    // MARK: - Displays

    /// The display `token` stands for: the message in the slot or one of the tooltips.
    func display(_ token: Int) -> Displaying? {
        message?.token == token ? message : immediate[token] ?? tooltips[token]
    }

    /// The display showing message `id` in the message slot or beside it (not a tooltip).
    func token(showing id: String) -> Int? {
        if let message, message.message.id == id { return message.token }
        return immediate.values.first { $0.message.id == id }?.token
    }

    /// The tooltip display on `element`.
    func tooltipToken(on element: String) -> Int? { tooltips.token(on: element) }

    /// Changes display `token`, if it still holds its slot.
    mutating func update(_ token: Int, _ change: (inout Displaying) -> Void) {
        if var current = message, current.token == token {
            change(&current)
            message = current
        } else if var current = immediate[token] {
            change(&current)
            immediate[token] = current
        } else {
            tooltips.update(token: token, change)
        }
    }

    /// Frees display `token`'s slot and returns the display; `nil` when it no longer holds one.
    mutating func release(_ token: Int) -> Displaying? {
        if message?.token == token {
            defer { message = nil }
            return message
        }
        return immediate.removeValue(forKey: token) ?? tooltips.release(token: token)
    }

    /// Display `display` ended at `date`: after a message in the slot the next one waits for the
    /// longer of `displayInterval` and the campaign's delay after close.
    mutating func ended(_ display: Displaying, at date: Date, displayInterval: TimeInterval) {
        guard !display.item.isTooltip, !display.item.isImmediate else { return }
        let delay = max(displayInterval, TimeInterval(display.item.campaign.delivery.delayAfterCloseMillis) / 1000)
        nextDisplayAt = date.addingTimeInterval(delay)
    }
}
