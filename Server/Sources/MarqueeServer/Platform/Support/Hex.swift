/// Lower-case hexadecimal text of bytes (digests, signatures, fingerprints).
///
/// Written out by hand: `String(format: "%02x")` per byte costs far more on Linux, and some of
/// these run on every ping.
extension Sequence where Element == UInt8 {
    var lowercaseHex: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
