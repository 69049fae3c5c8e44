import Foundation
import MarqueeModel

/// Writes JSON text straight into bytes, for the few shapes written many times a second: the
/// event log's rows, inside every impression commit, and the lines of the event stream and of
/// webhook deliveries. `JSONEncoder` builds a tree of boxed values before it writes a byte, which
/// cost the writer's thread nearly as much as the inserts themselves.
///
/// It writes what ``MarqueeJSON`` writes: objects of free-form values with sorted keys, slashes
/// unescaped, whole numbers as integers. Callers write their own objects' keys in sorted order.
/// A comma goes before every value or key that follows another in its container, so callers
/// write members in order and never punctuation.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the last thing written was a value, so the next value or key needs a comma.
    private var afterValue = false

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written, as a string.
    var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Containers

    /// An object: `members` writes its keys and values.
    mutating func object(_ members: (inout JSONWriter) -> Void) {
        container(UInt8(ascii: "{"), UInt8(ascii: "}"), members)
    }

    /// An array: `elements` writes its values.
    mutating func array(_ elements: (inout JSONWriter) -> Void) {
        container(UInt8(ascii: "["), UInt8(ascii: "]"), elements)
    }

    /// A container is a value in its parent; what it holds starts without a comma.
    private mutating func container(_ open: UInt8, _ close: UInt8, _ contents: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(open)
        afterValue = false
        contents(&self)
        bytes.append(close)
        afterValue = true
    }

    /// A member's key; its value comes next.
    mutating func key(_ name: String) {
        separate()
        writeQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// Starts a new line of NDJSON: the next value is the line's, with no comma before it.
    mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        afterValue = false
    }

    // MARK: Values

    mutating func string(_ value: String) {
        separate()
        writeQuoted(value)
        afterValue = true
    }

    mutating func integer(_ value: Int64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        afterValue = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        afterValue = true
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        afterValue = true
    }

    /// A time in milliseconds since 1970, as ``MarqueeJSON`` writes a date: ISO 8601 in UTC,
    /// milliseconds when there are any. Years 1970 to 9999 are written here, without a formatter
    /// (the stream writes two per event); any other goes through ``MarqueeJSON``.
    mutating func date(millis: Int64) {
        guard (0..<253_402_300_800_000).contains(millis) else {
            return string(MarqueeJSON.formatDate(Date(timeIntervalSince1970: Double(millis) / 1000)))
        }
        let (days, dayMillis) = millis.quotientAndRemainder(dividingBy: 86_400_000)
        let (year, month, day) = Self.civilDate(daysSince1970: days)
        let seconds = dayMillis / 1000
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendDigits(year, count: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, count: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, count: 2)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(seconds / 3600, count: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds / 60 % 60, count: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds % 60, count: 2)
        if dayMillis % 1000 != 0 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(dayMillis % 1000, count: 3)
        }
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
        afterValue = true
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (days ≥ 0), by eras of 400 years.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // March is 0
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private mutating func appendDigits(_ value: Int64, count: Int) {
        var divisor: Int64 = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// A number: whole numbers under 10^15 as integers, as ``JSONValue`` encodes them. JSON has
    /// no infinity or NaN, and no value read from JSON holds one; `null` stands in for them.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value.rounded() == value, abs(value) < 1e15 { return integer(Int64(value)) }
        separate()
        // As `JSONEncoder` does: a whole number keeps no `.0`.
        let text = value.description
        bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
        afterValue = true
    }

    /// Any JSON value, objects with their keys sorted.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let figure): number(figure)
        case .string(let text): string(text)
        case .array(let items): array { writer in for item in items { writer.value(item) } }
        case .object(let members): object(members)
        }
    }

    /// An object of free-form members, keys sorted by their UTF-8 bytes, as `JSONEncoder` sorts
    /// them (`String`'s own order compares normalized text, so `e` with a combining accent would
    /// come after `f`).
    mutating func object(_ members: [String: JSONValue]) {
        object { writer in
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.key(key)
                writer.value(members[key]!)
            }
        }
    }

    // MARK: Text

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
    }

    /// `text` in quotes, escaped as JSON requires: quote, backslash and control characters.
    private mutating func writeQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
