/// A condition checked against an event's attributes, with the reason in words.
public struct ConditionCheck: Sendable, Hashable, Codable {
    public var condition: AttributeCondition
    public var matched: Bool
    /// "level: 2 is not greater than 2".
    public var reason: String

    public init(condition: AttributeCondition, matched: Bool, reason: String) {
        self.condition = condition
        self.matched = matched
        self.reason = reason
    }
}

extension CompiledCondition {
    /// Whether `attributes` satisfy the condition (decided by ``matches(_:)``, as on devices) and why.
    public func check(_ attributes: [String: AttributeValue]) -> ConditionCheck {
        let matched = matches(attributes)
        let name = condition.name
        let reason: String
        if let actual = attributes[name] {
            if actual.type != condition.type {
                reason = "\(name) is \(Self.article(actual.type)) \(actual.type.rawValue), and the condition compares \(condition.type.rawValue) values"
            } else if !condition.operator.supports(condition.type) {
                reason = "\(condition.operator.rawValue) cannot compare \(condition.type.rawValue) values"
            } else if [.matchesRegex, .doesNotMatchRegex].contains(condition.operator), CompiledRegex(condition.value) == nil {
                reason = "the pattern \(condition.value) is not a valid regular expression"
            } else {
                let expected = condition.operator.ignoresValue ? "" : " " + Self.shown(condition.value, as: condition.type)
                reason = "\(name): \(Self.shown(actual.text, as: actual.type)) \(Self.phrase(condition.operator, holds: matched))\(expected)"
            }
        } else {
            reason = "\(name) is not in the event"
        }
        return ConditionCheck(condition: condition, matched: matched, reason: reason)
    }

    private static func shown(_ text: String, as type: AttributeType) -> String {
        switch type {
        case .string: "\"\(text)\""
        case .integer, .double, .boolean: text
        case .timeMillis: "\(text) ms"
        }
    }

    private static func article(_ type: AttributeType) -> String {
        switch type {
        case .integer: "an"
        case .string, .double, .boolean, .timeMillis: "a"
        }
    }

    /// The operator as words, for a comparison that held or did not.
    private static func phrase(_ op: ConditionOperator, holds: Bool) -> String {
        switch op {
        case .equals: holds ? "equals" : "does not equal"
        case .isNotEqual: holds ? "is not equal to" : "equals"
        case .greaterThan: holds ? "is greater than" : "is not greater than"
        case .lessThan: holds ? "is less than" : "is not less than"
        case .isBlank: holds ? "is blank" : "is not blank"
        case .isNotBlank: holds ? "is not blank" : "is blank"
        case .matchesRegex: holds ? "matches" : "does not match"
        case .doesNotMatchRegex: holds ? "does not match" : "matches"
        case .containsItem: holds ? "contains the item" : "does not contain the item"
        }
    }
}
