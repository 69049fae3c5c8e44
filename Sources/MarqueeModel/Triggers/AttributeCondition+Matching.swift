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
        case .matchesRegex, .doesNotMatchRegex: regex = CompiledRegex(CompiledRegex.lowercasingLiterals(condition.value))
        case .equals, .isNotEqual, .greaterThan, .lessThan, .isBlank, .isNotBlank, .containsItem: regex = nil
        }
    }

    /// Whether an event's attributes satisfy the condition. Names are compared exactly; text
    /// values without regard to case (equality, items and patterns), as both RInAppMessaging
    /// clients compare them, so a campaign means the same in every app that receives it.
    public func matches(_ attributes: [String: AttributeValue]) -> Bool {
        guard let actual = attributes[condition.name], actual.type == condition.type,
              condition.operator.supports(condition.type) else { return false }
        // `supports` admits only strings to the text operators.
        let text: String? = if case .string(let text) = actual { text } else { nil }
        switch condition.operator {
        case .isBlank:
            return text?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? false
        case .isNotBlank:
            return text.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? false
        case .matchesRegex:
            guard let text, let regex else { return false }
            return regex.matches(text.lowercased())
        case .doesNotMatchRegex:
            guard let text, let regex else { return false }
            return !regex.matches(text.lowercased())
        case .containsItem:
            let item = condition.value.lowercased()
            return text?.lowercased().split(separator: ConditionOperator.itemSeparator, omittingEmptySubsequences: false)
                .contains { $0 == item } ?? false
        case .equals, .isNotEqual, .greaterThan, .lessThan:
            guard let expected else { return false }
            return Self.compare(actual, expected, with: condition.operator)
        }
    }

    /// The comparison operators on two values of one type; values of different types never match.
    private static func compare(_ actual: AttributeValue, _ expected: AttributeValue,
                                with op: ConditionOperator) -> Bool {
        switch actual {
        case .string(let a):
            guard case .string(let b) = expected else { return false }
            return compareEquatable(a.lowercased(), b.lowercased(), op)
        case .boolean(let a):
            guard case .boolean(let b) = expected else { return false }
            return compareEquatable(a, b, op)
        case .integer(let a):
            guard case .integer(let b) = expected else { return false }
            return compareOrdered(a, b, op)
        case .double(let a):
            guard case .double(let b) = expected else { return false }
            return compareOrdered(a, b, op)
        case .timeMillis(let a):
            guard case .timeMillis(let b) = expected else { return false }
            let (raw, overflow) = a.subtractingReportingOverflow(b)
            let difference = overflow ? (a > b ? Int64.max : Int64.min) : raw
            // Times within the tolerance are equal; beyond it, ordered.
            let bucket: Int64 = abs(difference) <= timeToleranceMillis ? 0 : difference
            return compareOrdered(bucket, 0, op)
        }
    }

    private static func compareEquatable<T: Equatable>(_ a: T, _ b: T, _ op: ConditionOperator) -> Bool {
        switch op {
        case .equals: a == b
        case .isNotEqual: a != b
        case .greaterThan, .lessThan, .isBlank, .isNotBlank, .matchesRegex, .doesNotMatchRegex, .containsItem: false
        }
    }

    private static func compareOrdered<T: Comparable>(_ a: T, _ b: T, _ op: ConditionOperator) -> Bool {
        switch op {
        case .equals: a == b
        case .isNotEqual: a != b
        case .greaterThan: a > b
        case .lessThan: a < b
        case .isBlank, .isNotBlank, .matchesRegex, .doesNotMatchRegex, .containsItem: false
        }
    }
}

extension AttributeCondition {
    /// Whether an event's attributes satisfy this condition (compiles it first; the engine keeps compiled ones).
    public func matches(_ attributes: [String: AttributeValue]) -> Bool {
        CompiledCondition(self).matches(attributes)
    }
}
