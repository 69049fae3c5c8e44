/// A rule over what the server knows of a user: their attributes, tags, app facts and campaign
/// history. Rules nest: `all` holds when each of its rules holds, `any` when one does.
///
/// In JSON each rule is an object with one leading key:
///
///     {"all": [
///       {"attribute": "tier", "operator": "equals", "value": "gold"},
///       {"any": [{"tag": "beta", "operator": "has"}, {"fact": "sessions", "operator": "atLeast", "value": 10}]},
///       {"campaign": "6f1c…", "action": "saw", "operator": "did", "withinDays": 7}
///     ]}
public indirect enum SegmentRule: Sendable, Hashable {
    case all([SegmentRule])
    case any([SegmentRule])
    case attribute(ProfileCondition)
    case tag(TagCondition)
    case fact(FactCondition)
    case history(HistoryCondition)
}

/// Compares one of the user's typed attributes (set through the server's profile API).
public struct ProfileCondition: Sendable, Hashable, Codable {
    public var attribute: String
    public var `operator`: SegmentOperator
    /// What the attribute is compared with; none for `exists` and `notExists`, a number of days
    /// for `withinLastDays` and `moreThanDaysAgo`.
    public var value: ProfileValue?

    public init(attribute: String, operator: SegmentOperator, value: ProfileValue? = nil) {
        self.attribute = attribute
        self.operator = `operator`
        self.value = value
    }
}

/// Whether the user has a tag.
public struct TagCondition: Sendable, Hashable, Codable {
    public enum Operator: String, Sendable, Hashable, Codable, CaseIterable {
        case has, hasNot
    }

    public var tag: String
    public var `operator`: Operator

    public init(tag: String, operator: Operator) {
        self.tag = tag
        self.operator = `operator`
    }
}

/// Compares something the server saw of the user's app: when they were first and last seen,
/// how many sessions they had, and the app version, platform and locale of their last session.
public struct FactCondition: Sendable, Hashable, Codable {
    public enum Fact: String, Sendable, Hashable, Codable, CaseIterable {
        case firstSeen, lastSeen, sessions, appVersion, platform, locale
    }

    public var fact: Fact
    public var `operator`: SegmentOperator
    public var value: ProfileValue?

    public init(fact: Fact, operator: SegmentOperator, value: ProfileValue? = nil) {
        self.fact = fact
        self.operator = `operator`
        self.value = value
    }
}

/// Whether the user saw, clicked or converted on a campaign, optionally within the last days.
public struct HistoryCondition: Sendable, Hashable, Codable {
    public enum Action: String, Sendable, Hashable, Codable, CaseIterable {
        case saw, clicked, converted
    }

    public enum Operator: String, Sendable, Hashable, Codable, CaseIterable {
        case did, didNot
    }

    public var campaign: String
    public var action: Action
    public var `operator`: Operator
    /// `nil`: ever.
    public var withinDays: Int?

    public init(campaign: String, action: Action, operator: Operator = .did, withinDays: Int? = nil) {
        self.campaign = campaign.lowercased()
        self.action = action
        self.operator = `operator`
        self.withinDays = withinDays
    }
}

/// How an attribute or a fact is compared. A `not…` operator holds exactly when its positive
/// holds not, so it also holds for a user without the value.
public enum SegmentOperator: String, Sendable, Hashable, Codable, CaseIterable {
    case exists, notExists
    case equals, notEquals
    /// A list has the item, or a text has the text within it.
    case contains, notContains
    case greaterThan, lessThan, atLeast, atMost
    /// A date within the last N days (the value), or more than N days ago.
    case withinLastDays, moreThanDaysAgo

    /// The operator this one negates, when it is a negation.
    public var negated: SegmentOperator? {
        switch self {
        case .notExists: .exists
        case .notEquals: .equals
        case .notContains: .contains
        case .exists, .equals, .contains, .greaterThan, .lessThan, .atLeast, .atMost, .withinLastDays, .moreThanDaysAgo: nil
        }
    }
}

extension SegmentRule: Codable {
    private enum Key: String, CodingKey, CaseIterable {
        case all, any, attribute, tag, fact, campaign
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let present = Key.allCases.filter(container.contains)
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "a rule has exactly one of all, any, attribute, tag, fact or campaign"))
        }
        switch key {
        case .all: self = .all(try container.decode([SegmentRule].self, forKey: .all))
        case .any: self = .any(try container.decode([SegmentRule].self, forKey: .any))
        case .attribute: self = .attribute(try ProfileCondition(from: decoder))
        case .tag: self = .tag(try TagCondition(from: decoder))
        case .fact: self = .fact(try FactCondition(from: decoder))
        case .campaign: self = .history(try HistoryCondition(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .all(let rules):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(rules, forKey: .all)
        case .any(let rules):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(rules, forKey: .any)
        case .attribute(let condition): try condition.encode(to: encoder)
        case .tag(let condition): try condition.encode(to: encoder)
        case .fact(let condition): try condition.encode(to: encoder)
        case .history(let condition): try condition.encode(to: encoder)
        }
    }
}


