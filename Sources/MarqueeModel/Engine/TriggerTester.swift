import Foundation

/// What one sample event would do to one campaign: whether it would fire, and when it would not,
/// which trigger, condition, targeting rule or delivery rule stands in the way and why.
public struct TriggerTestResult: Sendable, Hashable, Codable {
    /// One trigger of the campaign, checked against the sample event.
    public struct TriggerCheck: Sendable, Hashable, Codable {
        public var trigger: Trigger
        /// Whether the trigger listens for the sample event's kind and name.
        public var listens: Bool
        /// Whether the trigger holds after the sample event.
        public var holds: Bool
        public var reason: String
        /// Its conditions, when it listens for the event.
        public var conditions: [ConditionCheck]
    }

    public var campaignID: String
    public var campaignName: String
    public var wouldFire: Bool
    /// The first thing that stops it, or how it fires.
    public var summary: String
    public var triggers: [TriggerCheck]
    public var targeting: [TargetingCheck]
    /// Delivery rules that stop it (status, schedule), in words.
    public var delivery: [String]
    /// The segments its targeting names, each explained rule by rule for the sample user (the
    /// server fills these in: it alone knows users).
    public var segments: [SegmentExplanation] = []
}

/// Why a user is in a segment a campaign includes or excludes, or not.
public struct SegmentExplanation: Sendable, Hashable, Codable {
    public var segmentID: String
    public var name: String
    /// Whether the campaign includes (else excludes) the segment.
    public var included: Bool
    /// `nil` when the user's membership is not known (anonymous, or an unverified ID).
    public var member: Bool?
    public var checks: [SegmentCheck]

    public init(segmentID: String, name: String, included: Bool, member: Bool?, checks: [SegmentCheck]) {
        self.segmentID = segmentID
        self.name = name
        self.included = included
        self.member = member
        self.checks = checks
    }
}

/// Runs a sample event through the same ``TriggerEngine`` devices run, against one campaign at a
/// time, and explains the outcome (the dashboard's trigger tester).
public enum TriggerTester {
    /// Tests `campaign` against `event` logged by `device` at `now`. With `afterAppStart`, an app
    /// start is logged first, as every launch does; `isTester` says whether the device or its user
    /// is one of the app's testers (who alone get test campaigns).
    public static func test(_ campaign: Campaign, event: Event, device: DeviceContext, isTester: Bool, now: Date,
                            afterAppStart: Bool) -> TriggerTestResult {
        var engine = TriggerEngine()
        _ = engine.load([campaign]) { _ in true }
        var firedAtAppStart = false
        if afterAppStart && !event.isPersistent {
            firedAtAppStart = !engine.log(.appStart) { _ in true }.ready.isEmpty
        }
        let firesOnEvent = !engine.log(event) { _ in true }.ready.isEmpty

        let appStarted = afterAppStart || event.isPersistent
        let triggers = TriggerEngine.effectiveTriggers(of: campaign).allTriggers.map { trigger in
            check(trigger, against: event, appStarted: appStarted)
        }
        let targeting = campaign.targeting.checks(for: device)
        let delivery = deliveryProblems(of: campaign, isTester: isTester, at: now)

        let summary: String
        if !firesOnEvent {
            if firedAtAppStart {
                summary = "it fires at app start, before this event"
            } else if let unmet = triggers.first(where: { $0.listens && !$0.holds }) {
                summary = unmet.reason
            } else if triggers.contains(where: \.listens) {
                summary = "the triggers do not hold together: \(campaign.triggers.match == .all ? "all" : "one") of them must"
            } else {
                summary = "no trigger listens for \(event.key)"
            }
        } else if let failed = targeting.first(where: { !$0.passed }) {
            summary = failed.reason
        } else if let problem = delivery.first {
            summary = problem
        } else {
            summary = "the event fires it"
        }
        let wouldFire = firesOnEvent && targeting.allSatisfy(\.passed) && delivery.isEmpty
        return TriggerTestResult(campaignID: campaign.id, campaignName: campaign.name, wouldFire: wouldFire, summary: summary,
                                 triggers: triggers, targeting: targeting, delivery: delivery)
    }

    private static func check(_ trigger: Trigger, against event: Event, appStarted: Bool) -> TriggerTestResult.TriggerCheck {
        if trigger.event == .appStart {
            return .init(trigger: trigger, listens: event.isPersistent, holds: appStarted,
                         reason: appStarted ? "the app started" : "waits for app start", conditions: [])
        }
        guard event.key.reaches(trigger.key) else {
            return .init(trigger: trigger, listens: false, holds: false,
                         reason: "waits for \(trigger.key), not \(event.key)", conditions: [])
        }
        let conditions = trigger.conditions.map { CompiledCondition($0).check(event.attributes) }
        let reason: String
        var holds = false
        if let failed = conditions.first(where: { !$0.matched }) {
            reason = failed.reason
        } else if trigger.occurrences > 1 {
            reason = "matches, and needs \(trigger.occurrences) such events; this one counts once"
        } else {
            holds = true
            reason = conditions.isEmpty ? "the event matches" : "every condition matches"
        }
        return .init(trigger: trigger, listens: true, holds: holds, reason: reason, conditions: conditions)
    }

    private static func deliveryProblems(of campaign: Campaign, isTester: Bool, at now: Date) -> [String] {
        var problems: [String] = []
        if campaign.isTest && !isTester {
            problems.append("it is a test campaign, and this user and device are not among the app's testers")
        }
        switch campaign.status {
        case .active: break
        case .draft, .paused, .archived: problems.append("the campaign is \(campaign.status.rawValue); devices get only active campaigns")
        }
        if let start = campaign.delivery.startTime, now < start {
            problems.append("the campaign starts at \(MarqueeJSON.formatDate(start))")
        }
        if let end = campaign.delivery.endTime, now > end {
            problems.append("the campaign ended at \(MarqueeJSON.formatDate(end))")
        }
        return problems
    }
}
