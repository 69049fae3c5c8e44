import Foundation

extension UUID {
    /// A version 7 UUID (RFC 9562): the milliseconds of `date` since 1970 in its first 48 bits,
    /// then random bits. IDs made in time order sort in time order, so rows written at high rate
    /// (impressions, their batches) append to their primary-key index instead of dirtying a
    /// random page of it for every row.
    static func timeOrdered(at date: Date) -> UUID {
        var random = SystemRandomNumberGenerator()
        let millis = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
        let high = (millis << 16) | 0x7000 | (random.next() & 0x0FFF)
        let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        // Big-endian words are the UUID's 16 bytes in order.
        return UUID(uuid: unsafeBitCast((high.bigEndian, low.bigEndian), to: uuid_t.self))
    }
}
