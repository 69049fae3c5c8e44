/// The CRC-32 of gzip (RFC 1952: the reflected polynomial 0xEDB88320), with the one operation gzip
/// assembly needs beyond it: the checksum of two byte runs joined, from each run's checksum and
/// the second run's length, without reading either run again.
enum CRC32 {
    private static let polynomial: UInt32 = 0xEDB8_8320

    private static let table: [UInt32] = (0..<256).map { byte in
        var value = UInt32(byte)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1 }
        return value
    }

    /// The checksum of `bytes`, or of the run `crc` was the checksum of followed by `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }

    /// The checksum of run A followed by run B, from A's checksum, B's checksum and B's length.
    ///
    /// Appending n zero bytes to A multiplies its remainder by x^(8n) modulo the polynomial, and
    /// the CRC of a concatenation is that product XOR B's own CRC. The power is built from the
    /// squares x^(2^k), so the cost grows with the bits of the length, not with the length.
    static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        precondition(secondLength >= 0, "a run has no negative length")
        var power: UInt32 = 1 << 31  // x^0
        var remaining = UInt64(secondLength)
        var square = 3  // bytes are 8 = 2^3 bits
        while remaining != 0 {
            if remaining & 1 == 1 { power = multiply(squares[square], power) }
            remaining >>= 1
            square += 1
        }
        return multiply(power, first) ^ second
    }

    /// x^(2^k) modulo the polynomial, for k in 0..<64.
    private static let squares: [UInt32] = {
        var squares: [UInt32] = [1 << 30]  // x^1
        for _ in 1..<64 { squares.append(multiply(squares.last!, squares.last!)) }
        return squares
    }()

    /// The product of two polynomials modulo the CRC polynomial, in the reflected bit order
    /// (the highest bit holds x^0).
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var product: UInt32 = 0
        var multiple = b  // b · x^i, for the bit of a that holds x^i
        var bit: UInt32 = 1 << 31
        while bit != 0 {
            if a & bit != 0 { product ^= multiple }
            multiple = multiple & 1 == 1 ? (multiple >> 1) ^ polynomial : multiple >> 1
            bit >>= 1
        }
        return product
    }
}
