import Foundation
import MarqueeModel

/// Segment rules decided plainly, from what their documentation says (the model's doc comments
/// and docs/server.md), without the model's evaluator: the oracle the audience tests hold both
/// the server's counts and that evaluator to. Every value is first put in one of a few plain
/// shapes, and each operator is one line over them.
enum ReferenceSegments {
    /// A value as the rules compare it.
    private enum Plain: Equatable {
        case text(String)
        case number(Double)
        case flag(Bool)
        case seconds(Double)
        case items([String])

        init(_ value: ProfileValue) {
            switch value {
            case .string(let text): self = .text(text)
            case .number(let number): self = .number(number)
            case .boolean(let flag): self = .flag(flag)
            case .date(let date): self = .seconds(date.timeIntervalSince1970)
            case .list(let items): self = .items(items)
            }
        }
    }

    private static let day = 86_400.0

    /// Whether a user with these attributes, tags, app facts and history is in `rule` at `now`.
    static func decides(_ rule: SegmentRule, attributes: [String: ProfileValue], tags: Set<String>, facts: UserFacts,
                        history: [SegmentSubject.HistoryEntry: Date], now: Date) -> Bool {
        func decide(_ rule: SegmentRule) -> Bool {
            switch rule {
            case .all(let rules):
                for rule in rules where !decide(rule) { return false }
                return true
            case .any(let rules):
                for rule in rules where decide(rule) { return true }
                return false
            case .attribute(let condition):
                return compare(attributes[condition.attribute].map(Plain.init), condition.operator, condition.value.map(Plain.init), now: now)
            case .tag(let condition):
                switch condition.operator {
                case .has: return tags.contains(condition.tag)
                case .hasNot: return !tags.contains(condition.tag)
                }
            case .fact(let condition):
                return fact(condition, facts, now: now)
            case .history(let condition):
                let last = history.first { $0.key.campaign == condition.campaign.lowercased() && $0.key.action == condition.action }?.value
                var happened = last != nil
                if let last, let days = condition.withinDays {
                    happened = last.timeIntervalSince1970 >= now.timeIntervalSince1970 - Double(days) * day
                }
                switch condition.operator {
                case .did: return happened
                case .didNot: return !happened
                }
            }
        }
        return decide(rule)
    }

    /// "A `not…` operator holds exactly when its positive holds not, so it also holds for a user
    /// without the value"; "a comparison holds only between values of one type".
    private static func compare(_ value: Plain?, _ op: SegmentOperator, _ operand: Plain?, now: Date) -> Bool {
        switch op {
        case .notExists: return !compare(value, .exists, operand, now: now)
        case .notEquals: return !compare(value, .equals, operand, now: now)
        case .notContains: return !compare(value, .contains, operand, now: now)
        case .exists: return value != nil
        case .equals: return value != nil && value == operand
        case .contains:
            guard case .text(let part)? = operand else { return false }
            if case .items(let items)? = value { return items.contains(part) }
            if case .text(let text)? = value { return !part.isEmpty && text.range(of: part) != nil }
            return false
        case .greaterThan, .lessThan, .atLeast, .atMost:
            let pair: (Double, Double)
            switch (value, operand) {
            case (.number(let a)?, .number(let b)?), (.seconds(let a)?, .seconds(let b)?): pair = (a, b)
            default: return false
            }
            return ordered(pair.0 < pair.1 ? -1 : pair.0 > pair.1 ? 1 : 0, op)
        case .withinLastDays, .moreThanDaysAgo:
            guard case .seconds(let at)? = value, case .number(let days)? = operand else { return false }
            let since = now.timeIntervalSince1970 - days * day
            return op == .withinLastDays ? at >= since : at < since
        }
    }

    private static func fact(_ condition: FactCondition, _ facts: UserFacts, now: Date) -> Bool {
        let operand = condition.value.map(Plain.init)
        switch condition.fact {
        case .firstSeen: return compare(facts.firstSeen.map { .seconds($0.timeIntervalSince1970) }, condition.operator, operand, now: now)
        case .lastSeen: return compare(facts.lastSeen.map { .seconds($0.timeIntervalSince1970) }, condition.operator, operand, now: now)
        case .sessions: return compare(.number(Double(facts.sessions)), condition.operator, operand, now: now)
        case .platform: return compare(facts.platform.map { .text($0.rawValue) }, condition.operator, operand, now: now)
        case .appVersion: return version(facts.appVersion?.description, condition.operator, operand)
        case .locale: return locale(facts.locale, condition.operator, operand)
        }
    }

    /// Versions are dotted numbers compared part by part, a missing part 0 ("1.10" is above
    /// "1.9", "1.10.0" equals "1.10"); a `-suffix` is ignored. An operand that is no version
    /// compares with nothing.
    private static func version(_ text: String?, _ op: SegmentOperator, _ operand: Plain?) -> Bool {
        if let positive = positive(of: op) { return !version(text, positive, operand) }
        if op == .exists { return text != nil }
        guard let text, let mine = numbers(text), case .text(let wanted)? = operand, let theirs = numbers(wanted) else { return false }
        var order = 0
        for index in 0..<max(mine.count, theirs.count) where order == 0 {
            let a = index < mine.count ? mine[index] : 0, b = index < theirs.count ? theirs[index] : 0
            order = a < b ? -1 : a > b ? 1 : 0
        }
        return ordered(order, op)
    }

    /// Whether an `order` (-1 below, 0 equal, 1 above the operand) meets an ordering operator.
    private static func ordered(_ order: Int, _ op: SegmentOperator) -> Bool {
        switch op {
        case .equals: order == 0
        case .greaterThan: order > 0
        case .lessThan: order < 0
        case .atLeast: order >= 0
        case .atMost: order <= 0
        case .exists, .notExists, .notEquals, .contains, .notContains, .withinLastDays, .moreThanDaysAgo: false
        }
    }

    /// The operator a `not…` operator negates.
    private static func positive(of op: SegmentOperator) -> SegmentOperator? {
        switch op {
        case .notExists: .exists
        case .notEquals: .equals
        case .notContains: .contains
        case .exists, .equals, .contains, .greaterThan, .lessThan, .atLeast, .atMost, .withinLastDays, .moreThanDaysAgo: nil
        }
    }

    private static func numbers(_ version: String) -> [Int]? {
        let core = version.components(separatedBy: "-")[0]
        let parts = core.components(separatedBy: ".").map { Int($0) }
        guard !core.isEmpty, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return parts.map { $0! }
    }

    /// A locale equals a language and every region of it ("en" is "en-us" as well), compared in
    /// lower case with `-` for `_`.
    private static func locale(_ locale: String?, _ op: SegmentOperator, _ operand: Plain?) -> Bool {
        if let positive = positive(of: op) { return !self.locale(locale, positive, operand) }
        if op == .exists { return locale != nil }
        guard op == .equals, let locale, case .text(let wanted)? = operand else { return false }
        let normal = wanted.lowercased().replacingOccurrences(of: "_", with: "-")
        return locale == normal || locale.hasPrefix(normal + "-")
    }
}
