import Foundation

/// Records, while a value decodes, which keys each JSON object was asked for (decoded, or checked
/// for with `decodeIfPresent`/`contains`). Keys present in the input that nothing asked for are
/// unknown: a typo or a field that does not exist, which a lenient decoder would drop silently.
///
/// It wraps another decoder (Foundation's `JSONDecoder`), so every type's own `init(from:)` runs
/// unchanged and keeps its error messages. Values read through a single-value container (free-form
/// `JSONValue`, colours, enums) are not audited inside: they read their whole value.
final class KeyLedger: @unchecked Sendable {
    // Sendable only to travel in a decoder's `userInfo`: one ledger serves one decode, on one thread.

    /// Paths of the JSON objects a keyed container was opened on.
    private(set) var openedObjects: Set<String> = []
    /// The keys asked for, per object path.
    private(set) var askedKeys: [String: Set<String>] = [:]

    func opened(_ path: [any CodingKey]) {
        openedObjects.insert(Self.path(path))
    }

    /// The last key asked for, with its path: where a decoding error without a path happened.
    private(set) var lastAsked: String?

    func asked(_ key: any CodingKey, in path: [any CodingKey]) {
        askedKeys[Self.path(path), default: []].insert(key.stringValue)
        lastAsked = Self.path(path + [key])
    }

    /// `message.buttons[0].action`, the way API errors name fields.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }
}

struct KeyAuditingDecoder: Decoder {
    let base: any Decoder
    let ledger: KeyLedger

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let container = try base.container(keyedBy: type)
        ledger.opened(codingPath)
        return KeyedDecodingContainer(AuditingKeyedContainer(base: container, ledger: ledger))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        AuditingUnkeyedContainer(base: try base.unkeyedContainer(), ledger: ledger)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }

    /// Types the base decoder decodes with its own strategies (dates, data, URLs): they must go
    /// through it rather than through their own `init(from:)`.
    static func decodesDirectly<T>(_ type: T.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
    }
}

private struct AuditingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var base: KeyedDecodingContainer<Key>
    let ledger: KeyLedger

    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys }

    private func ask(_ key: Key) { ledger.asked(key, in: codingPath) }

    func contains(_ key: Key) -> Bool { ask(key); return base.contains(key) }
    func decodeNil(forKey key: Key) throws -> Bool { ask(key); return try base.decodeNil(forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { ask(key); return try base.decode(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { ask(key); return try base.decode(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        ask(key)
        // Missing and null values, and strategy-decoded types, get the base decoder's own handling and errors.
        guard !KeyAuditingDecoder.decodesDirectly(type), base.contains(key), try !base.decodeNil(forKey: key) else {
            return try base.decode(type, forKey: key)
        }
        return try T(from: KeyAuditingDecoder(base: try base.superDecoder(forKey: key), ledger: ledger))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        ask(key)
        let nested = try base.nestedContainer(keyedBy: type, forKey: key)
        ledger.opened(nested.codingPath)
        return KeyedDecodingContainer(AuditingKeyedContainer<NestedKey>(base: nested, ledger: ledger))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ask(key)
        return AuditingUnkeyedContainer(base: try base.nestedUnkeyedContainer(forKey: key), ledger: ledger)
    }

    func superDecoder() throws -> any Decoder {
        KeyAuditingDecoder(base: try base.superDecoder(), ledger: ledger)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ask(key)
        return KeyAuditingDecoder(base: try base.superDecoder(forKey: key), ledger: ledger)
    }
}

private struct AuditingUnkeyedContainer: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    let ledger: KeyLedger

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int? { base.count }
    var isAtEnd: Bool { base.isAtEnd }
    var currentIndex: Int { base.currentIndex }

    mutating func decodeNil() throws -> Bool { try base.decodeNil() }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if KeyAuditingDecoder.decodesDirectly(type) { return try base.decode(type) }
        return try T(from: KeyAuditingDecoder(base: try base.superDecoder(), ledger: ledger))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let nested = try base.nestedContainer(keyedBy: type)
        ledger.opened(nested.codingPath)
        return KeyedDecodingContainer(AuditingKeyedContainer<NestedKey>(base: nested, ledger: ledger))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        AuditingUnkeyedContainer(base: try base.nestedUnkeyedContainer(), ledger: ledger)
    }

    mutating func superDecoder() throws -> any Decoder {
        KeyAuditingDecoder(base: try base.superDecoder(), ledger: ledger)
    }
}
