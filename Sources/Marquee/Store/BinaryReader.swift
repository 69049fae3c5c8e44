import Foundation

/// Reads the layout ``BinaryWriter`` writes. Every read is bounds-checked: a truncated or
/// damaged file throws ``BinaryFormatError`` instead of reading past its end.
struct BinaryReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(BinaryFormatError) -> UInt8 {
        guard offset < bytes.count else { throw BinaryFormatError("the file ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) throws(BinaryFormatError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw BinaryFormatError("the file ends early") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func count() throws(BinaryFormatError) -> Int {
        let value = try unsigned()
        // No count can exceed the bytes that remain: rejects damaged lengths before allocating.
        guard value <= UInt64(bytes.count) else { throw BinaryFormatError("a length is out of range") }
        return Int(value)
    }

    /// A signed integer ``BinaryWriter/write(integer:)`` wrote.
    mutating func integer() throws(BinaryFormatError) -> Int {
        let value = try unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }

    private mutating func unsigned() throws(BinaryFormatError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { break }
            shift += 7
            guard shift < 64 else { throw BinaryFormatError("a length is out of range") }
        }
        return value
    }

    mutating func string() throws(BinaryFormatError) -> String {
        String(decoding: try bytes(try count()), as: UTF8.self)
    }

    mutating func double() throws(BinaryFormatError) -> Double {
        let raw = try bytes(8)
        var bits: UInt64 = 0
        for (shift, byte) in zip(stride(from: 0, to: 64, by: 8), raw) { bits |= UInt64(byte) << UInt64(shift) }
        return Double(bitPattern: bits)
    }

    mutating func optionalString() throws(BinaryFormatError) -> String? {
        switch try byte() {
        case 0: nil
        case 1: try string()
        default: throw BinaryFormatError("an optional value has a bad tag")
        }
    }

    mutating func optionalDouble() throws(BinaryFormatError) -> Double? {
        switch try byte() {
        case 0: nil
        case 1: try double()
        default: throw BinaryFormatError("an optional value has a bad tag")
        }
    }

    /// An enum ``BinaryWriter/write(raw:)`` wrote; a case this version does not know is an error.
    mutating func raw<Value: RawRepresentable<String>>(_ type: Value.Type) throws(BinaryFormatError) -> Value {
        let text = try string()
        guard let value = Value(rawValue: text) else { throw BinaryFormatError("unknown \(Value.self) '\(text)'") }
        return value
    }
}
