import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension UUID {
    /// A version 7 UUID (RFC 9562): the milliseconds of `date` since 1970 in its first 48 bits,
    /// then random bits. IDs made in time order sort in time order, so rows written at high rate
    /// (impressions, their batches) append to their primary-key index instead of dirtying a
    /// random page of it for every row.
    static func timeOrdered(at date: Date) -> UUID {
        timeOrdered(at: date, count: 1)[0]
    }

    /// `count` version 7 UUIDs for `date`, their random bits read from the system in one call:
    /// a batch of impressions needs one id per row, and a read per id was a system call each.
    static func timeOrdered(at date: Date, count: Int) -> [UUID] {
        let millis = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
        var random = [UInt64](repeating: 0, count: 2 * count)
        random.withUnsafeMutableBytes(SystemRandomBytes.fill)
        return (0..<count).map { index in
            let high = (millis << 16) | 0x7000 | (random[2 * index] & 0x0FFF)
            let low = (random[2 * index + 1] & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
            // Big-endian words are the UUID's 16 bytes in order.
            return UUID(uuid: unsafeBitCast((high.bigEndian, low.bigEndian), to: uuid_t.self))
        }
    }
}

/// The system's random bytes, many in one call (`SystemRandomNumberGenerator` reads eight at a
/// time). `arc4random_buf` reads the kernel's generator on Linux (glibc 2.36 and later) as on Apple
/// systems.
enum SystemRandomBytes {
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        arc4random_buf(base, buffer.count)
    }
}
