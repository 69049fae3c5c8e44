import Foundation

/// An ``AttributeCondition`` prepared for matching: its value parsed and its regex compiled once.
public struct CompiledCondition: Sendable {
    public let condition: AttributeCondition
    private let expected: AttributeValue?
    private let regex: CompiledRegex?

    /// Times are equal when they are at most this far apart.
    public static let timeToleranceMillis: Int64 = 1000

    public init(_ condition: AttributeCondition) {
        self.condition = condition
        expected = AttributeValue(text: condition.value, type: condition.type)
        switch condition.operator {
        case .matchesRegex, .doesNotMatchRegex: regex = CompiledRegex(condition.value)
        default: regex = nil
        }
    }

    /// Whether an event's attributes satisfy the condition. Names, values and patterns are
    /// compared exactly as written: case-sensitive and never rewritten.
    public func matches(_ attributes: [String: AttributeValue]) -> Bool {
        guard let actual = attributes[condition.name], actual.type == condition.type,
              condition.operator.supports(condition.type) else { return false }
        switch (condition.operator, actual) {
        case (.isBlank, .string(let text)):
            return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case (.isNotBlank, .string(let text)):
            return !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case (.matchesRegex, .string(let text)):
            return regex?.matches(text) ?? false
        case (.doesNotMatchRegex, .string(let text)):
            guard let regex else { return false }
            return !regex.matches(text)
        case (.containsItem, .string(let list)):
            return list.split(separator: ConditionOperator.itemSeparator, omittingEmptySubsequences: false)
                .contains { $0 == condition.value }
        default:
            guard let expected else { return false }
            return Self.compare(actual, expected, with: condition.operator)
        }
    }

    private static func compare(_ actual: AttributeValue, _ expected: AttributeValue,
                                with op: ConditionOperator) -> Bool {
        switch (actual, expected) {
        case let (.string(a), .string(b)): return op == .equals ? a == b : op == .isNotEqual && a != b
        case let (.boolean(a), .boolean(b)): return op == .equals ? a == b : op == .isNotEqual && a != b
        case let (.integer(a), .integer(b)): return compareOrdered(a, b, op)
        case let (.double(a), .double(b)): return compareOrdered(a, b, op)
        case let (.timeMillis(a), .timeMillis(b)):
            let (raw, overflow) = a.subtractingReportingOverflow(b)
            let difference = overflow ? (a > b ? Int64.max : Int64.min) : raw
            let tolerance = timeToleranceMillis
            switch op {
            case .equals: return abs(difference) <= tolerance
            case .isNotEqual: return abs(difference) > tolerance
            case .greaterThan: return difference > tolerance
            case .lessThan: return difference < -tolerance
            default: return false
            }
        default: return false
        }
    }

    private static func compareOrdered<T: Comparable>(_ a: T, _ b: T, _ op: ConditionOperator) -> Bool {
        switch op {
        case .equals: a == b
        case .isNotEqual: a != b
        case .greaterThan: a > b
        case .lessThan: a < b
        default: false
        }
    }
}

/// A compiled regular expression. Matches anywhere in the text; anchor with `^…$` for a whole match.
public struct CompiledRegex: Sendable {
    private let expression: NSRegularExpression

    /// `nil` when the pattern does not compile.
    public init?(_ pattern: String) {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        self.expression = expression
    }

    public func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

extension AttributeCondition {
    /// Whether an event's attributes satisfy this condition (compiles it first; the engine keeps compiled ones).
    public func matches(_ attributes: [String: AttributeValue]) -> Bool {
        CompiledCondition(self).matches(attributes)
    }
}
