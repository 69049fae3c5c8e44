/// A condition on one attribute of an event: `level greaterThan 3`.
public struct AttributeCondition: Sendable, Hashable, Codable {
    /// The attribute's name, compared case-sensitively.
    public var name: String
    public var type: AttributeType
    public var `operator`: ConditionOperator
    /// The value to compare with, as text parsed per `type`; a regular expression for the regex operators.
    @Defaulted<Defaults.EmptyText> public var value: String

    public init(name: String, type: AttributeType, operator: ConditionOperator, value: String = "") {
        self.name = name
        self.type = type
        self.operator = `operator`
        self.value = value
    }
}
