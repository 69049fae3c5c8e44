/// A value that stands in for a missing or `null` key when a ``Defaulted`` field is decoded.
public protocol DefaultValue {
    associatedtype Value: Codable & Sendable & Hashable
    static var value: Value { get }
}

/// A field that clients may omit: decoding a missing or `null` key gives the default that
/// `Default` names, so the type that holds it keeps its synthesized `Codable`. Adding a field with
/// a default is then one line, not a hand-written decoder to keep in step.
///
/// ```swift
/// public struct Delivery: Codable {
///     @Defaulted<Defaults.One> public var maxImpressions: Int
/// }
/// ```
///
/// The default is named by a type because a property wrapper's decoding cannot see the property's
/// initial value. Dates and data do not use it: their JSON strategies apply only when decoded
/// through a container.
@propertyWrapper
public struct Defaulted<Default: DefaultValue>: Codable, Sendable, Hashable {
    public var wrappedValue: Default.Value

    public init(wrappedValue: Default.Value) {
        self.wrappedValue = wrappedValue
    }

    /// The default.
    public init() {
        wrappedValue = Default.value
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try Default.Value(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// Chosen by synthesized decoders for ``Defaulted`` fields: a missing or `null` key is the default.
    public func decode<D>(_ type: Defaulted<D>.Type, forKey key: Key) throws -> Defaulted<D> {
        try decodeIfPresent(type, forKey: key) ?? Defaulted()
    }
}

/// A type's usual value, for ``Defaults/Standard``: an empty settings value, or an enum's
/// everyday case.
public protocol StandardValue: Codable, Sendable, Hashable {
    static var standard: Self { get }
}

/// The defaults Marquee's fields use.
public enum Defaults {
    public enum False: DefaultValue { public static var value: Bool { false } }
    public enum True: DefaultValue { public static var value: Bool { true } }
    public enum Zero: DefaultValue { public static var value: Int { 0 } }
    public enum One: DefaultValue { public static var value: Int { 1 } }
    public enum EmptyText: DefaultValue { public static var value: String { "" } }
    public enum EmptyList<Element: Codable & Sendable & Hashable>: DefaultValue { public static var value: [Element] { [] } }
    public enum EmptyMap<Element: Codable & Sendable & Hashable>: DefaultValue { public static var value: [String: Element] { [:] } }
    /// The type's ``StandardValue/standard``.
    public enum Standard<Value: StandardValue>: DefaultValue { public static var value: Value { Value.standard } }
}
