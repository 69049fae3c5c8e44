/// A request body read by ``JSONScanner`` rather than `JSONDecoder`: the bodies every device
/// sends, where decoding was the largest cost of a request. `scanned(from:)` returns `nil` for
/// anything but the plain form: unknown or repeated keys, numbers with a fraction or exponent,
/// wrong types. `Request.decodeJSON` then decodes with `JSONDecoder`, so every other body gets
/// the same value, or the same error, as before.
protocol ScannedJSON {
    static func scanned(from bytes: [UInt8]) -> Self?
}

extension JSONScanner {
    mutating func readInt() -> Int? {
        readInt64().flatMap { Int(exactly: $0) }
    }

    /// An array or `null` (an optional field): `false` for anything else.
    mutating func readOptionalArray<Element>(into value: inout [Element]?, _ element: (inout JSONScanner) -> Element?) -> Bool {
        if consumeNull() { value = nil; return true }
        value = readArray(element)
        return value != nil
    }

    /// A string or `null` (an optional field): `false` for anything else.
    mutating func readOptionalString(into value: inout String?) -> Bool {
        if consumeNull() { value = nil; return true }
        value = readString()
        return value != nil
    }
}
