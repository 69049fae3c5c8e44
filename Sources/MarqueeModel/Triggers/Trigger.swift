/// One trigger: an event, conditions on its attributes (all must hold), and how often it must happen.
public struct Trigger: Sendable, Hashable, Codable {
    public var event: EventKind
    /// The custom event name, the element identifier (`viewAppeared`) or the rule keyword (`rule`).
    public var name: String?
    @Defaulted<Defaults.EmptyList<AttributeCondition>> public var conditions: [AttributeCondition]
    /// How many matching events make the trigger fire ("after the 3rd time"); firing uses them up,
    /// so it fires again after n more. At least 1.
    @Defaulted<Defaults.One> public var occurrences: Int

    public init(_ event: EventKind, name: String? = nil, conditions: [AttributeCondition] = [],
                occurrences: Int = 1) {
        self.event = event
        self.name = name
        self.conditions = conditions
        self.occurrences = occurrences
    }

    /// The key of the events this trigger listens for.
    public var key: EventKey { EventKey(kind: event, name: name) }
}

/// How the members of a ``TriggerSet`` combine.
public enum TriggerMatch: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every member must hold (RInAppMessaging's only mode).
    case all
    /// One member is enough.
    case any
}

/// Triggers and nested groups combined with AND (`all`) or OR (`any`).
public struct TriggerSet: Sendable, Hashable, Codable, StandardValue {
    public static var standard: TriggerSet { TriggerSet() }

    @Defaulted<Defaults.Standard<TriggerMatch>> public var match: TriggerMatch
    @Defaulted<Defaults.EmptyList<Trigger>> public var triggers: [Trigger]
    @Defaulted<Defaults.EmptyList<TriggerSet>> public var groups: [TriggerSet]

    public init(match: TriggerMatch = .all, triggers: [Trigger] = [], groups: [TriggerSet] = []) {
        self.match = match
        self.triggers = triggers
        self.groups = groups
    }

    /// Every trigger in the set and its groups, depth first.
    public var allTriggers: [Trigger] { triggers + groups.flatMap(\.allTriggers) }

    public var isEmpty: Bool { allTriggers.isEmpty }

    /// Whether the set holds, given which of its triggers (depth-first order) hold.
    public func isSatisfied(by satisfied: (Trigger) -> Bool) -> Bool {
        let members = triggers.map(satisfied) + groups.map { $0.isSatisfied(by: satisfied) }
        guard !members.isEmpty else { return false }
        return match == .all ? members.allSatisfy { $0 } : members.contains(true)
    }

    /// The same conditions as plain AND across triggers, when they can be written that way.
    public var flattenedConjunction: [Trigger]? {
        if match == .all {
            var result = triggers
            for group in groups {
                guard let flat = group.flattenedConjunction else { return nil }
                result += flat
            }
            return result
        }
        // A single-member OR is a plain AND.
        guard triggers.count + groups.count == 1 else { return nil }
        if let group = groups.first { return group.flattenedConjunction }
        return triggers
    }
}

extension TriggerMatch: StandardValue {
    public static var standard: TriggerMatch { .all }
}
