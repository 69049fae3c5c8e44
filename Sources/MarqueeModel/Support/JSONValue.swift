import Foundation

/// Any JSON value: campaign extras and custom JSON travel through Marquee untouched.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// How deep free-form JSON may nest below the document's root. Deeper input is refused while
    /// it is read, before it costs anything; campaign validation allows far less.
    public static let maxReadDepth = 64

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard decoder.codingPath.count <= Self.maxReadDepth else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "nested more than \(Self.maxReadDepth) levels deep")
        }
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers stay integers on the wire so `1` does not come back as `1.0`.
            if value.rounded() == value, abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// How many levels of arrays and objects this value holds (a scalar is 0).
    public var depth: Int {
        switch self {
        case .null, .bool, .number, .string: 0
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(\.depth).max() ?? 0)
        }
    }

    /// The object's members, or `nil` when this is not an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
