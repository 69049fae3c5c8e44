import Foundation
@testable import MarqueeServer
import Testing

/// Version 7 UUIDs: the time in the first 48 bits, so ids made later sort later byte by byte (as
/// SQLite and PostgreSQL compare them).
@Suite("Time-ordered UUIDs")
struct TimeOrderedUUIDTests {
    /// A seeded generator, so the random bits are known.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func bytes(_ id: UUID) -> [UInt8] { withUnsafeBytes(of: id.uuid) { Array($0) } }

    @Test func theTimeVersionAndVariantAreWhereTheStandardPutsThem() {
        var generator = SplitMix(state: 1)
        let date = Date(timeIntervalSince1970: 1_767_225_600.123) // 2026-01-01T00:00:00.123Z
        let id = bytes(UUID.timeOrdered(at: date, using: &generator))
        let millis = id[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(millis == 1_767_225_600_123)
        #expect(id[6] >> 4 == 7, "version 7")
        #expect(id[8] >> 6 == 0b10, "RFC 9562 variant")
    }

    @Test func idsMadeLaterSortLaterAndIdsOfOneMillisecondDiffer() {
        var generator = SplitMix(state: 42)
        // Half a millisecond into each millisecond, so no date sits on a rounding edge.
        let dates = (0..<1_000).map { Date(timeIntervalSince1970: (1_700_000_000_000.5 + Double($0)) / 1_000) }
        let ids = dates.map { bytes(UUID.timeOrdered(at: $0, using: &generator)) }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let sameMillisecond = (0..<1_000).map { _ in UUID.timeOrdered(at: dates[0], using: &generator) }
        #expect(Set(sameMillisecond).count == 1_000)
    }

    @Test func timesBefore1970CountAsTheEpoch() {
        var generator = SplitMix(state: 7)
        let id = bytes(UUID.timeOrdered(at: Date(timeIntervalSince1970: -5), using: &generator))
        #expect(id[0..<6].allSatisfy { $0 == 0 })
    }
}
