/// The type of an event attribute or of a condition's value.
public enum AttributeType: String, Sendable, Hashable, Codable, CaseIterable {
    case string, integer, double, boolean
    /// A point in time in milliseconds; compared with a tolerance of one second.
    case timeMillis
}

/// A typed event attribute value.
///
/// Types never convert into each other: an integer attribute does not match a double condition.
public enum AttributeValue: Sendable, Hashable, Codable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case boolean(Bool)
    case timeMillis(Int64)

    public var type: AttributeType {
        switch self {
        case .string: .string
        case .integer: .integer
        case .double: .double
        case .boolean: .boolean
        case .timeMillis: .timeMillis
        }
    }

    /// The value as text, the form conditions and the RInAppMessaging protocol use.
    public var text: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .boolean(let value): String(value)
        case .timeMillis(let value): String(value)
        }
    }

    /// Parses `text` as a value of `type`; `nil` when it is not one.
    public init?(text: String, type: AttributeType) {
        switch type {
        case .string: self = .string(text)
        case .integer: guard let value = Int64(text) else { return nil }; self = .integer(value)
        case .double: guard let value = Double(text), value.isFinite else { return nil }; self = .double(value)
        case .boolean:
            switch text.lowercased() {
            case "true": self = .boolean(true)
            case "false": self = .boolean(false)
            default: return nil
            }
        case .timeMillis: guard let value = Int64(text) else { return nil }; self = .timeMillis(value)
        }
    }

    enum CodingKeys: String, CodingKey { case type, value }

    /// Encoded as `{"type": "integer", "value": 3}` so the type is never guessed from JSON.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(AttributeType.self, forKey: .type) {
        case .string: self = .string(try c.decode(String.self, forKey: .value))
        case .integer: self = .integer(try c.decode(Int64.self, forKey: .value))
        case .double: self = .double(try c.decode(Double.self, forKey: .value))
        case .boolean: self = .boolean(try c.decode(Bool.self, forKey: .value))
        case .timeMillis: self = .timeMillis(try c.decode(Int64.self, forKey: .value))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        switch self {
        case .string(let value): try c.encode(value, forKey: .value)
        case .integer(let value), .timeMillis(let value): try c.encode(value, forKey: .value)
        case .double(let value): try c.encode(value, forKey: .value)
        case .boolean(let value): try c.encode(value, forKey: .value)
        }
    }
}
