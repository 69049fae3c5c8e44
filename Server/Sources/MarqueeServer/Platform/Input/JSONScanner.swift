import MarqueeModel

/// Reads JSON values one at a time from bytes, for the few request bodies decoded on every SDK
/// call (``ScannedJSON``). Every read returns `nil` on anything it is not sure of: the caller then
/// decodes with `JSONDecoder`, which gives the answer, or the error, for every other input.
struct JSONScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Consumes `byte` (after whitespace) if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The members of an object, each read by `member` (given the key) up to its value; `false`
    /// when the object is malformed, repeats a key, or `member` refuses one.
    mutating func readObject(_ member: (inout JSONScanner, String) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        var keys = Set<String>()
        repeat {
            guard let key = readString(), keys.insert(key).inserted, consume(UInt8(ascii: ":")), member(&self, key) else {
                return false
            }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// The elements of an array, each read by `element`.
    mutating func readArray<Element>(_ element: (inout JSONScanner) -> Element?) -> [Element]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if consume(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let next = element(&self) else { return nil }
            elements.append(next)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? elements : nil
    }

    /// `null`, consumed if it comes next.
    mutating func consumeNull() -> Bool {
        consumeWord("null")
    }

    mutating func readBool() -> Bool? {
        if consumeWord("true") { return true }
        if consumeWord("false") { return false }
        return nil
    }

    /// An integer written as one (`-`, digits, no leading zero, no fraction or exponent), in range.
    mutating func readInt64() -> Int64? {
        skipWhitespace()
        var position = index
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let digitsStart = position
        var magnitude: UInt64 = 0
        while position < bytes.count, let digit = Self.digit(bytes[position]) {
            let (times10, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflowed, !overflowedAgain else { return nil }
            magnitude = sum
            position += 1
        }
        let digits = position - digitsStart
        guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) { return nil }
        let value: Int64
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            value = magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        } else {
            guard magnitude <= UInt64(Int64.max) else { return nil }
            value = Int64(magnitude)
        }
        index = position
        return value
    }

    /// A string: valid UTF-8, no raw control characters, escapes decoded (surrogate pairs whole).
    mutating func readString() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readEscapedScalar() else { return nil }
                    UTF8.encode(scalar) { utf8.append($0) }
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// Any value whose numbers are integers, nested at most ``JSONValue/maxReadDepth`` deep: a
    /// number with a fraction or an exponent declines it, as everything unsure does here.
    mutating func readValue(depth: Int = 0) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count, depth <= JSONValue.maxReadDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "n"): return consumeNull() ? .null : nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return readBool().map(JSONValue.bool)
        case UInt8(ascii: "\""): return readString().map(JSONValue.string)
        case UInt8(ascii: "["): return readArray { $0.readValue(depth: depth + 1) }.map(JSONValue.array)
        case UInt8(ascii: "{"):
            var members: [String: JSONValue] = [:]
            let read = readObject { scanner, key in
                guard let value = scanner.readValue(depth: depth + 1) else { return false }
                members[key] = value
                return true
            }
            return read ? .object(members) : nil
        default: return readInt64().map { .number(Double($0)) }
        }
    }

    /// The scalar of a `\u` escape whose `\u` was read, with the low half of a surrogate pair.
    private mutating func readEscapedScalar() -> Unicode.Scalar? {
        guard let unit = readHex4() else { return nil }
        switch unit {
        case 0xD800...0xDBFF:
            guard matches("\\u"), let low = readHex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(UInt32(unit))
        }
    }

    private mutating func readHex4() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    private mutating func consumeWord(_ word: StaticString) -> Bool {
        skipWhitespace()
        return matches(word)
    }

    /// Consumes `word` if it comes next, whitespace included.
    private mutating func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              bytes[index..<index + count].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count)) else { return false }
        index += count
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
