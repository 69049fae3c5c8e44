import Foundation
@testable import MarqueeServer
import Testing

/// Version 7 UUIDs: the time in the first 48 bits, so ids made later sort later byte by byte (as
/// SQLite and PostgreSQL compare them).
@Suite("Time-ordered UUIDs")
struct TimeOrderedUUIDTests {
    func bytes(_ id: UUID) -> [UInt8] { withUnsafeBytes(of: id.uuid) { Array($0) } }

    @Test func theTimeVersionAndVariantAreWhereTheStandardPutsThem() {
        let date = Date(timeIntervalSince1970: 1_767_225_600.123) // 2026-01-01T00:00:00.123Z
        let id = bytes(UUID.timeOrdered(at: date))
        let millis = id[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(millis == 1_767_225_600_123)
        #expect(id[6] >> 4 == 7, "version 7")
        #expect(id[8] >> 6 == 0b10, "RFC 9562 variant")
    }

    @Test func idsMadeLaterSortLaterAndIdsOfOneMillisecondDiffer() {
        // Half a millisecond into each millisecond, so no date sits on a rounding edge.
        let dates = (0..<1_000).map { Date(timeIntervalSince1970: (1_700_000_000_000.5 + Double($0)) / 1_000) }
        let ids = dates.map { bytes(UUID.timeOrdered(at: $0)) }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let sameMillisecond = (0..<1_000).map { _ in UUID.timeOrdered(at: dates[0]) }
        #expect(Set(sameMillisecond).count == 1_000)
    }

    @Test func aBatchOfIdsSharesItsMillisecondAndEveryIdDiffers() {
        let date = Date(timeIntervalSince1970: 1_767_225_600.5)
        let ids = UUID.timeOrdered(at: date, count: 101)
        #expect(ids.count == 101)
        #expect(Set(ids).count == 101)
        for id in ids.map(bytes) {
            #expect(id[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } == 1_767_225_600_500)
            #expect(id[6] >> 4 == 7 && id[8] >> 6 == 0b10)
        }
        #expect(UUID.timeOrdered(at: date, count: 0).isEmpty)
    }

    @Test func timesBefore1970CountAsTheEpoch() {
        let id = bytes(UUID.timeOrdered(at: Date(timeIntervalSince1970: -5)))
        #expect(id[0..<6].allSatisfy { $0 == 0 })
    }
}
