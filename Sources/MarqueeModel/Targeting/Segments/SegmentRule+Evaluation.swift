import Foundation

extension SegmentRule {
    /// Whether `subject` meets the rule.
    public func matches(_ subject: SegmentSubject) -> Bool {
        switch self {
        case .all(let rules): rules.allSatisfy { $0.matches(subject) }
        case .any(let rules): rules.contains { $0.matches(subject) }
        case .attribute(let condition): condition.matches(subject)
        case .tag(let condition): condition.matches(subject)
        case .fact(let condition): condition.matches(subject)
        case .history(let condition): condition.matches(subject)
        }
    }

    /// Each rule checked against `subject`, in order, nested rules indented under their group:
    /// what the trigger tester shows. The first line is the whole rule's outcome.
    public func explanation(for subject: SegmentSubject, depth: Int = 0) -> [SegmentCheck] {
        let line = SegmentCheck(depth: depth, passed: matches(subject), reason: summary)
        switch self {
        case .all(let rules), .any(let rules):
            return [line] + rules.flatMap { $0.explanation(for: subject, depth: depth + 1) }
        case .attribute, .tag, .fact, .history:
            return [line]
        }
    }

    /// The rule in words ("tier equals gold").
    public var summary: String {
        switch self {
        case .all(let rules): rules.isEmpty ? "every user" : "all of \(rules.count)"
        case .any(let rules): rules.isEmpty ? "no user" : "any of \(rules.count)"
        case .attribute(let condition): SegmentOperator.describe(condition.attribute, condition.operator, condition.value)
        case .tag(let condition): condition.operator == .has ? "has tag \(condition.tag)" : "does not have tag \(condition.tag)"
        case .fact(let condition): SegmentOperator.describe(condition.fact.rawValue, condition.operator, condition.value)
        case .history(let condition):
            (condition.operator == .did ? "" : "did not ") + "\(condition.action.rawValue) campaign \(condition.campaign)"
                + (condition.withinDays.map { " in the last \($0) days" } ?? "")
        }
    }

    /// The campaigns the rule's history conditions name, in lower case.
    public var campaignsInHistory: Set<String> {
        switch self {
        case .all(let rules), .any(let rules): rules.reduce(into: []) { $0.formUnion($1.campaignsInHistory) }
        case .history(let condition): [condition.campaign.lowercased()]
        case .attribute, .tag, .fact: []
        }
    }
}

/// One line of a segment's explanation.
public struct SegmentCheck: Sendable, Hashable, Codable {
    /// 0 for the whole rule, 1 for its rules, and so on.
    public var depth: Int
    public var passed: Bool
    public var reason: String

    public init(depth: Int, passed: Bool, reason: String) {
        self.depth = depth
        self.passed = passed
        self.reason = reason
    }
}

extension ProfileCondition {
    func matches(_ subject: SegmentSubject) -> Bool {
        `operator`.holds(for: subject.attributes[attribute], operand: value, now: subject.now)
    }
}

extension TagCondition {
    func matches(_ subject: SegmentSubject) -> Bool {
        subject.tags.contains(tag) == (`operator` == .has)
    }
}

extension FactCondition {
    func matches(_ subject: SegmentSubject) -> Bool {
        let facts = subject.facts
        switch fact {
        case .firstSeen: return `operator`.holds(for: facts.firstSeen.map(ProfileValue.date), operand: value, now: subject.now)
        case .lastSeen: return `operator`.holds(for: facts.lastSeen.map(ProfileValue.date), operand: value, now: subject.now)
        case .sessions: return `operator`.holds(for: .number(Double(facts.sessions)), operand: value, now: subject.now)
        case .platform: return `operator`.holds(for: facts.platform.map { .string($0.rawValue) }, operand: value, now: subject.now)
        case .appVersion:
            // Versions compare part by part (1.10 is above 1.9), not as text.
            if let positive = `operator`.negated { return !FactCondition(fact: fact, operator: positive, value: value).matches(subject) }
            guard case .string(let text)? = value, let wanted = AppVersion(text) else { return `operator` == .exists && facts.appVersion != nil }
            guard let version = facts.appVersion else { return false }
            return switch `operator` {
            case .equals: version == wanted
            case .greaterThan: version > wanted
            case .lessThan: version < wanted
            case .atLeast: version >= wanted
            case .atMost: version <= wanted
            case .exists: true
            case .notExists, .notEquals, .notContains, .contains, .withinLastDays, .moreThanDaysAgo: false
            }
        case .locale:
            // `en` names every English locale, as a campaign's locale targeting does.
            if let positive = `operator`.negated { return !FactCondition(fact: fact, operator: positive, value: value).matches(subject) }
            guard `operator` == .equals, case .string(let text)? = value else {
                return `operator` == .exists && facts.locale != nil
            }
            guard let locale = facts.locale else { return false }
            let wanted = DeviceContext.normalizedLocale(text)
            return locale == wanted || locale.hasPrefix(wanted + "-")
        }
    }
}

extension HistoryCondition {
    func matches(_ subject: SegmentSubject) -> Bool {
        let last = subject.history[SegmentSubject.HistoryEntry(campaign: campaign, action: action)]
        let happened = last.map { date in withinDays.map { date >= subject.now.addingTimeInterval(-Double($0) * 86_400) } ?? true } ?? false
        return happened == (`operator` == .did)
    }
}

extension SegmentOperator {
    /// Whether `value` (absent when the user has none) compares with `operand` as this operator says.
    /// Values of different types never compare, so their comparisons do not hold.
    func holds(for value: ProfileValue?, operand: ProfileValue?, now: Date) -> Bool {
        guard let value else { return negated != nil }
        switch self {
        case .notExists, .notEquals, .notContains:
            return !(negated?.holds(for: value, operand: operand, now: now) ?? false)
        case .exists:
            return true
        case .equals:
            return operand == value
        case .contains:
            guard case .string(let part)? = operand else { return false }
            return switch value {
            case .list(let items): items.contains(part)
            case .string(let text): !part.isEmpty && text.contains(part)
            case .number, .boolean, .date: false
            }
        case .greaterThan, .lessThan, .atLeast, .atMost:
            guard let order = Self.order(value, operand) else { return false }
            return switch self {
            case .greaterThan: order == .orderedDescending
            case .lessThan: order == .orderedAscending
            case .atLeast: order != .orderedAscending
            case .atMost: order != .orderedDescending
            case .exists, .notExists, .equals, .notEquals, .contains, .notContains, .withinLastDays, .moreThanDaysAgo: false
            }
        case .withinLastDays, .moreThanDaysAgo:
            guard case .date(let date) = value, case .number(let days)? = operand else { return false }
            let since = now.addingTimeInterval(-days * 86_400)
            return self == .withinLastDays ? date >= since : date < since
        }
    }

    /// How `value` compares with `operand`: numbers with numbers, dates with dates; `nil` for any
    /// other pair, which never compares.
    private static func order(_ value: ProfileValue, _ operand: ProfileValue?) -> ComparisonResult? {
        func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
            a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        switch (value, operand) {
        case (.number(let a), .number(let b)?): return compare(a, b)
        case (.date(let a), .date(let b)?): return compare(a, b)
        case (.number, _), (.date, _), (.string, _), (.boolean, _), (.list, _): return nil
        }
    }

    /// `subject` compared in words ("tier equals gold").
    static func describe(_ subject: String, _ op: SegmentOperator, _ value: ProfileValue?) -> String {
        let operand = value.map { " " + $0.text } ?? ""
        return switch op {
        case .exists: "\(subject) is set"
        case .notExists: "\(subject) is not set"
        case .equals: "\(subject) equals\(operand)"
        case .notEquals: "\(subject) does not equal\(operand)"
        case .contains: "\(subject) contains\(operand)"
        case .notContains: "\(subject) does not contain\(operand)"
        case .greaterThan: "\(subject) is above\(operand)"
        case .lessThan: "\(subject) is below\(operand)"
        case .atLeast: "\(subject) is at least\(operand)"
        case .atMost: "\(subject) is at most\(operand)"
        case .withinLastDays: "\(subject) is within the last\(operand) days"
        case .moreThanDaysAgo: "\(subject) is more than\(operand) days ago"
        }
    }
}

extension ProfileValue {
    /// The value as a person reads it.
    var text: String {
        switch self {
        case .string(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .boolean(let flag): String(flag)
        case .date(let date): MarqueeJSON.formatDate(date)
        case .list(let items): items.joined(separator: ", ")
        }
    }
}
