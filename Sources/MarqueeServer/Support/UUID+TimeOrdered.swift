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
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
