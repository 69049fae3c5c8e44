import Foundation

extension SegmentRule {
    /// The conditions in the rule, groups not counted.
    public var conditionCount: Int {
        switch self {
        case .all(let rules), .any(let rules): rules.reduce(0) { $0 + $1.conditionCount }
        case .attribute, .tag, .fact, .history: 1
        }
    }

    func validate(into report: inout ValidationReport, depth: Int) {
        switch self {
        case .all(let rules), .any(let rules):
            let key = if case .all = self { "all" } else { "any" }
            report.check(depth < Segment.Limits.depth, key, "groups nest at most \(Segment.Limits.depth) deep")
            guard depth < Segment.Limits.depth else { return }
            for (index, rule) in rules.enumerated() {
                report.nested("\(key)[\(index)]") { rule.validate(into: &$0, depth: depth + 1) }
            }
        case .attribute(let condition):
            report.check(ProfileName.isValid(condition.attribute), "attribute", ProfileName.rule)
            condition.operator.validate(condition.value, into: &report)
        case .tag(let condition):
            report.check(ProfileName.isValid(condition.tag), "tag", ProfileName.rule)
        case .fact(let condition):
            condition.validate(into: &report)
        case .history(let condition):
            report.check(UUID(uuidString: condition.campaign) != nil, "campaign", "must be a campaign ID")
            if let days = condition.withinDays {
                report.check((1...Segment.Limits.days).contains(days), "withinDays", "must be 1 to \(Segment.Limits.days)")
            }
        }
    }
}

extension FactCondition {
    func validate(into report: inout ValidationReport) {
        let allowed = fact.operators
        guard allowed.contains(`operator`) else {
            report.check(false, "operator", "\(fact.rawValue) takes \(allowed.map(\.rawValue).sorted().joined(separator: ", "))")
            return
        }
        switch (fact, value) {
        case (.appVersion, .string(let text)?):
            report.check(AppVersion(text) != nil, "value", "must be a version such as 1.2.3")
        case (.platform, .string(let text)?):
            report.check(Platform(rawValue: text) != nil, "value", "must be one of \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
        case (.locale, .string(let text)?):
            report.check(LanguageTag.isValid(text), "value", "must be a language tag such as en or pt-BR")
        case (.sessions, .number?), (.sessions, nil), (.firstSeen, _), (.lastSeen, _):
            `operator`.validate(value, into: &report)
        case (_, nil) where `operator` == .exists || `operator` == .notExists:
            break
        case (.appVersion, _), (.platform, _), (.locale, _), (.sessions, _):
            report.check(false, "value", "\(fact.rawValue) is compared with \(fact == .sessions ? "a number" : "a text")")
        }
    }
}

extension FactCondition.Fact {
    /// The operators a condition on this fact may use, in the order a form offers them.
    public var operators: [SegmentOperator] {
        switch self {
        case .firstSeen, .lastSeen: [.withinLastDays, .moreThanDaysAgo, .greaterThan, .lessThan, .atLeast, .atMost, .exists, .notExists]
        case .sessions: [.atLeast, .atMost, .greaterThan, .lessThan, .equals, .notEquals]
        case .appVersion: [.atLeast, .atMost, .greaterThan, .lessThan, .equals, .notEquals, .exists, .notExists]
        case .platform, .locale: [.equals, .notEquals, .exists, .notExists]
        }
    }
}

extension SegmentOperator {
    /// Checks that `value` is what this operator compares with.
    func validate(_ value: ProfileValue?, into report: inout ValidationReport) {
        switch (positive, value) {
        case (.exists, nil):
            break
        case (.exists, _?):
            report.check(false, "value", "is not given for \(rawValue)")
        case (.equals, .string(let text)?), (.contains, .string(let text)?):
            report.check(TextRule.fits(text, characters: Segment.Limits.textLength), "value",
                         "at most \(Segment.Limits.textLength) characters")
        case (.equals, .number?), (.equals, .boolean?), (.equals, .date?):
            break
        case (.greaterThan, .number?), (.greaterThan, .date?), (.lessThan, .number?), (.lessThan, .date?),
             (.atLeast, .number?), (.atLeast, .date?), (.atMost, .number?), (.atMost, .date?):
            break
        case (.withinLastDays, .number(let days)?), (.moreThanDaysAgo, .number(let days)?):
            report.check(days.rounded() == days && (1...Double(Segment.Limits.days)).contains(days), "value",
                         "is a whole number of days, 1 to \(Segment.Limits.days)")
        case (.equals, _), (.contains, _), (.greaterThan, _), (.lessThan, _), (.atLeast, _), (.atMost, _),
             (.withinLastDays, _), (.moreThanDaysAgo, _), (.notExists, _), (.notEquals, _), (.notContains, _):
            report.check(false, "value", Self.expectation[positive] ?? "is not valid here")
        }
    }

    /// The operator itself, or the one it negates.
    var positive: SegmentOperator { negated ?? self }

    private static let expectation: [SegmentOperator: String] = [
        .equals: "must be a text, a number, a boolean or a date",
        .contains: "must be a text",
        .greaterThan: "must be a number or a date", .lessThan: "must be a number or a date",
        .atLeast: "must be a number or a date", .atMost: "must be a number or a date",
        .withinLastDays: "must be a number of days", .moreThanDaysAgo: "must be a number of days",
    ]
}

/// The names of attributes and tags: what a rule and a stored profile both accept.
public enum ProfileName {
    public static let maxLength = 64
    public static let rule = "names are 1 to \(maxLength) letters, digits, _, - or ."

    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && IdentifierLimits.fits(text, maxLength)
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
    }
}
