/// What logging one event did.
public struct TriggerOutcome: Sendable, Hashable {
    /// Campaigns the event made ready, highest priority first; ties keep the campaign-list order.
    public var ready: [Campaign]
    /// Whether some trigger listens for the event and its conditions matched the event's attributes.
    public var matchedTrigger: Bool
    /// Whether the event was set aside: a repeated app start (ignored) or an event logged before
    /// any campaigns were loaded (kept and replayed by the first ``TriggerEngine/load(_:progress:isEligible:)``).
    public var deferred: Bool

    public init(ready: [Campaign] = [], matchedTrigger: Bool = false, deferred: Bool = false) {
        self.ready = ready
        self.matchedTrigger = matchedTrigger
        self.deferred = deferred
    }
}

/// Decides which campaigns an event makes ready, without I/O.
///
/// Campaigns are indexed by the ``EventKey`` of each trigger, so logging an event costs time in
/// proportion to the triggers that listen for that key, not to the number of campaigns.
///
/// The rules follow RInAppMessaging, plus Marquee's OR groups and occurrence counts:
/// - A trigger holds once `occurrences` events with its key matched all its conditions.
/// - App start is persistent: the first one holds for the whole session; later ones are ignored.
/// - A campaign is ready when its ``TriggerSet`` holds and the caller's eligibility check passes.
///   Its satisfied non-persistent triggers then consume the events they used. A campaign that held
///   on persistent events alone fires once per session ("launch campaigns show once per launch").
/// - A tooltip campaign also needs its target element's `viewAppeared` event.
/// - When one event readies several campaigns they come back highest ``DeliveryRules/priority``
///   first, ties in the order the campaigns were loaded (the server's order), so results are deterministic.
public struct TriggerEngine: Sendable {
    /// Events kept while no campaigns are loaded yet, replayed at the first load.
    public static let pendingEventLimit = 100

    struct CompiledTrigger: Sendable {
        let trigger: Trigger
        let conditions: [CompiledCondition]
        let isPersistent: Bool

        func matches(_ event: Event) -> Bool {
            conditions.allSatisfy { $0.matches(event.attributes) }
        }
    }

    struct Slot: Sendable {
        /// The campaign's place in ``loaded``.
        let position: Int
        /// The triggers the engine evaluates: the campaign's own, plus a tooltip's target element.
        let set: TriggerSet
        let triggers: [CompiledTrigger]
    }

    struct Listener: Sendable {
        let slot: Int
        let trigger: Int
    }

    /// The list as last loaded. Slots point into it rather than copy each campaign, so the engine
    /// shares the caller's array instead of holding a second copy of every campaign.
    private var loaded: [Campaign] = []
    private var slots: [Slot] = []
    private var slotByID: [String: Int] = [:]
    private var index: [EventKey: [Listener]] = [:]
    /// The names `viewAppeared` triggers listen for: an appeared view reaches each whose name its
    /// identifier contains (``TooltipSettings/points(at:target:)``).
    private var viewAppearedNames: [String] = []
    private var counts: [[Int]] = []
    private var firedOnPersistentEvents: Set<String> = []
    private var pendingEvents: [Event] = []
    /// Whether campaigns were loaded at least once (before that, events are kept for replay).
    public private(set) var isLoaded = false
    /// Whether an app start was logged this session.
    public private(set) var hasAppStarted = false

    public init() {}

    /// The campaigns currently loaded, in load order.
    public var campaigns: [Campaign] { slots.map { loaded[$0.position] } }

    /// The number of triggers listening for `key`: the work one event with that key costs.
    public func listenerCount(for key: EventKey) -> Int { index[key]?.count ?? 0 }

    /// The per-trigger counts to persist; campaigns with nothing counted are left out.
    public var progress: TriggerProgress {
        var result: [String: [Int]] = [:]
        for (slot, values) in counts.enumerated() where values.contains(where: { $0 > 0 }) {
            result[loaded[slots[slot].position].id] = values
        }
        return TriggerProgress(counts: result)
    }

    /// Starts a new session: app start must be logged again and launch campaigns may fire again.
    public mutating func startSession() {
        hasAppStarted = false
        firedOnPersistentEvents = []
    }

    /// Loads (or replaces) the campaign list and returns the campaigns that are ready now.
    ///
    /// Progress is kept for campaigns whose triggers did not change. Passing `progress` replaces
    /// the counts instead, as when another user's saved state is loaded. The first load replays
    /// events logged before it.
    public mutating func load(_ campaigns: [Campaign], progress: TriggerProgress? = nil,
                              isEligible: (Campaign) -> Bool) -> [Campaign] {
        var oldCounts: [String: (set: TriggerSet, counts: [Int])] = [:]
        if progress == nil {
            for (slot, entry) in slots.enumerated() { oldCounts[loaded[entry.position].id] = (entry.set, counts[slot]) }
        } else {
            firedOnPersistentEvents = []
        }
        loaded = campaigns
        slots = []
        slotByID = [:]
        index = [:]
        counts = []
        slots.reserveCapacity(campaigns.count)
        counts.reserveCapacity(campaigns.count)
        for (listIndex, campaign) in campaigns.enumerated() where slotByID[campaign.id] == nil {
            let set = Self.effectiveTriggers(of: campaign)
            let compiled = set.allTriggers.map { trigger in
                CompiledTrigger(trigger: trigger, conditions: trigger.conditions.map(CompiledCondition.init),
                                isPersistent: trigger.event == .appStart)
            }
            let slot = slots.count
            slots.append(Slot(position: listIndex, set: set, triggers: compiled))
            slotByID[campaign.id] = slot
            var initial = Array(repeating: 0, count: compiled.count)
            if let saved = progress?.counts[campaign.id], saved.count == compiled.count {
                initial = saved.map { max(0, $0) }
            } else if let old = oldCounts[campaign.id], old.set == set {
                initial = old.counts
            }
            counts.append(initial)
            for (position, trigger) in compiled.enumerated() {
                index[trigger.trigger.key, default: []].append(Listener(slot: slot, trigger: position))
            }
        }
        viewAppearedNames = index.keys.filter { $0.kind == .viewAppeared }.map(\.name)
        firedOnPersistentEvents.formIntersection(slotByID.keys)

        var ready: [Int] = []
        if !isLoaded {
            isLoaded = true
            let replay = pendingEvents
            pendingEvents = []
            for event in replay {
                let touched = count(event).touched
                ready += fire(touched, isEligible: isEligible)
            }
        }
        let all = Array(slots.indices)
        ready += fire(all, isEligible: isEligible)
        return ordered(ready)
    }

    /// Logs an event and returns what it made ready. `advanced`, when given, hears each campaign
    /// the event counted toward that it did not make ready (a debug session's "trigger advanced").
    public mutating func log(_ event: Event, isEligible: (Campaign) -> Bool,
                             advanced: ((Campaign) -> Void)? = nil) -> TriggerOutcome {
        if event.isPersistent && hasAppStarted { return TriggerOutcome(deferred: true) }
        guard isLoaded else {
            if event.isPersistent {
                hasAppStarted = true
            } else if pendingEvents.count < Self.pendingEventLimit {
                pendingEvents.append(event)
            }
            return TriggerOutcome(deferred: true)
        }
        let (touched, matched) = count(event)
        // Fire first, then order: `ordered(fire(…))` would copy the whole engine to keep `self` for the outer call.
        let fired = fire(touched, isEligible: isEligible)
        if let advanced {
            for slot in touched where !fired.contains(slot) { advanced(loaded[slots[slot].position]) }
        }
        return TriggerOutcome(ready: ordered(fired), matchedTrigger: matched)
    }

    /// Counts `event` toward every trigger listening for it; returns the campaigns touched.
    private mutating func count(_ event: Event) -> (touched: [Int], matched: Bool) {
        if event.isPersistent { hasAppStarted = true }
        let listeners = listeners(for: event)
        guard !listeners.isEmpty else { return ([], false) }
        var touched: [Int] = []
        var seen = Set<Int>()
        for listener in listeners {
            let trigger = slots[listener.slot].triggers[listener.trigger]
            guard trigger.matches(event) else { continue }
            if !trigger.isPersistent { counts[listener.slot][listener.trigger] += 1 }
            if seen.insert(listener.slot).inserted { touched.append(listener.slot) }
        }
        return (touched, !touched.isEmpty)
    }

    /// The triggers `event` counts toward: those of its key, or for an appeared view those of
    /// every element its identifier contains.
    private func listeners(for event: Event) -> [Listener] {
        guard event.kind == .viewAppeared else { return index[event.key] ?? [] }
        return viewAppearedNames.map { EventKey(kind: .viewAppeared, name: $0) }.filter(event.key.reaches)
            .flatMap { index[$0] ?? [] }
    }

    /// The slots among `candidates` that are ready; consumes the events they used.
    private mutating func fire(_ candidates: [Int], isEligible: (Campaign) -> Bool) -> [Int] {
        var ready: [Int] = []
        for slot in candidates {
            let entry = slots[slot]
            let campaign = loaded[entry.position]
            let satisfied = satisfaction(of: slot)
            // The closure reads only locals: capturing `self` here would copy the whole engine per event.
            var position = 0
            let holds = entry.set.isSatisfied { _ in
                defer { position += 1 }
                return satisfied[position]
            }
            guard holds else { continue }
            let consumable = entry.triggers.indices.filter { !entry.triggers[$0].isPersistent && satisfied[$0] }
            if consumable.isEmpty && firedOnPersistentEvents.contains(campaign.id) { continue }
            guard isEligible(campaign) else { continue }
            for position in consumable { counts[slot][position] -= entry.triggers[position].trigger.occurrences }
            if consumable.isEmpty { firedOnPersistentEvents.insert(campaign.id) }
            ready.append(slot)
        }
        return ready
    }

    /// Whether each trigger of `slot` holds, in depth-first order.
    private func satisfaction(of slot: Int) -> [Bool] {
        let triggers = slots[slot].triggers
        var result: [Bool] = []
        result.reserveCapacity(triggers.count)
        for position in triggers.indices {
            let trigger = triggers[position]
            result.append(trigger.isPersistent ? hasAppStarted : counts[slot][position] >= max(1, trigger.trigger.occurrences))
        }
        return result
    }

    private func ordered(_ ready: [Int]) -> [Campaign] {
        var unique: [Int] = []
        var seen = Set<Int>()
        for slot in ready where seen.insert(slot).inserted { unique.append(slot) }
        return unique.sorted { lhs, rhs in
            let (a, b) = (loaded[slots[lhs].position].delivery.priority, loaded[slots[rhs].position].delivery.priority)
            return a != b ? a > b : lhs < rhs
        }.map { loaded[slots[$0].position] }
    }

    /// The trigger set evaluated for `campaign`: a tooltip also waits for its target element.
    static func effectiveTriggers(of campaign: Campaign) -> TriggerSet {
        guard campaign.message.kind == .tooltip, let target = campaign.message.tooltip?.targetElementID,
              !target.isEmpty else { return campaign.triggers }
        return TriggerSet(match: .all, triggers: [Trigger(.viewAppeared, name: target)], groups: [campaign.triggers])
    }
}
