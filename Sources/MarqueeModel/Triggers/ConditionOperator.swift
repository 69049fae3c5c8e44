/// How a condition compares an event attribute with the condition's value.
public enum ConditionOperator: String, Sendable, Hashable, Codable, CaseIterable {
    case equals, isNotEqual, greaterThan, lessThan, isBlank, isNotBlank, matchesRegex, doesNotMatchRegex
    /// The attribute is a list of items separated by ``ConditionOperator/itemSeparator`` (a
    /// purchase's `itemIdList`), and one item is exactly the condition's value: a purchase of a
    /// specific product, with no pattern to get wrong.
    case containsItem

    /// What separates the items of a list attribute.
    public static let itemSeparator: Character = "|"

    /// Whether this operator applies to attributes of `type`. Other pairs are rejected by validation.
    public func supports(_ type: AttributeType) -> Bool {
        switch self {
        case .equals, .isNotEqual: true
        case .greaterThan, .lessThan:
            switch type {
            case .integer, .double, .timeMillis: true
            case .string, .boolean: false
            }
        case .isBlank, .isNotBlank, .matchesRegex, .doesNotMatchRegex, .containsItem: type == .string
        }
    }

    /// Whether the operator ignores the condition's value.
    public var ignoresValue: Bool { self == .isBlank || self == .isNotBlank }
}
