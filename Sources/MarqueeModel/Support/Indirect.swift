/// A field stored out of line, behind one shared reference: copying the value that holds it copies
/// a pointer, not the field. For large fields of values kept by the thousand (a ``Campaign``'s
/// message), so that a list of them stays small and copies of a campaign can share one message.
///
/// Encoded as the value itself, so the JSON of the type that holds it does not change.
@propertyWrapper
public struct Indirect<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }

    public init(from decoder: any Decoder) throws {
        box = Box(try Value(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(box.value)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.value)
    }
}
