import Foundation

/// Writes values in the compact binary layout that ``BinaryReader`` reads: unsigned LEB128
/// lengths and counts, UTF-8 strings after their byte length, doubles as their 8 little-endian
/// bytes. For files read at every launch, where JSON decoding would cost more than the data.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func write(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// A non-negative integer in as few bytes as it needs (7 bits a byte).
    mutating func write(count: Int) {
        write(unsigned: UInt64(max(count, 0)))
    }

    private mutating func write(unsigned: UInt64) {
        var value = unsigned
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            write(count: utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func write(_ value: Double) {
        var bits = value.bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ string: String?) {
        guard let string else { return write(UInt8(0)) }
        write(UInt8(1))
        write(string)
    }

    /// A signed integer, zigzag-encoded so small negative values stay small.
    mutating func write(integer: Int) {
        let value = Int64(integer)
        write(unsigned: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func write(_ value: Double?) {
        guard let value else { return write(UInt8(0)) }
        write(UInt8(1))
        write(value)
    }

    /// An enum by its raw text, so reordering its cases never changes what a file means.
    mutating func write<Value: RawRepresentable<String>>(raw value: Value) {
        write(value.rawValue)
    }
}
