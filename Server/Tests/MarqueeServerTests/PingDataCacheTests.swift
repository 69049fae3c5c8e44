import Foundation
@testable import MarqueeServer
import NIOCore
import Testing

/// The compressed campaign lists are kept per catalog version, within their budget, least
/// recently used first out.
@Suite("Ping data cache")
struct PingDataCacheTests {
    private let app = UUID()

    private func key(_ forms: UInt64...) -> PingDataCache.Key { PingDataCache.Key(extended: false, forms: forms) }

    /// Asks for `key`'s list, counting whether it had to be compressed.
    private func segment(_ cache: PingDataCache, version: Int = 1, _ key: PingDataCache.Key,
                         text: String = String(repeating: "[campaign]", count: 200)) throws -> (DeflatedSegment, compressed: Bool) {
        var compressed = false
        let segment = try cache.segment(appID: app, version: version, key: key) {
            compressed = true
            return ByteBuffer(string: text)
        }
        return (segment, compressed)
    }

    @Test func aListIsCompressedOncePerVersion() throws {
        let cache = PingDataCache()
        #expect(try segment(cache, key(1, 2)).compressed)
        #expect(try !segment(cache, key(1, 2)).compressed)
        #expect(try segment(cache, key(2, 1)).compressed, "another order is another list")
        #expect(try segment(cache, PingDataCache.Key(extended: true, forms: [1, 2])).compressed, "extended forms are other bytes")
        #expect(try segment(cache, version: 2, key(1, 2)).compressed, "a new catalog version starts afresh")
        #expect(try segment(cache, version: 1, key(1, 2)).compressed, "an older version is served but not kept")
        #expect(try !segment(cache, version: 2, key(1, 2)).compressed)
        #expect(cache.statistics.hits == 2)
    }

    @Test func theLeastRecentlyUsedListsLeaveWhenTheBudgetIsFull() throws {
        let one = try segment(PingDataCache(), key(0)).0.deflated.readableBytes
        let cache = PingDataCache(budget: one * 3)
        for form in UInt64(0)..<3 { _ = try segment(cache, key(form)) }
        _ = try segment(cache, key(0))  // used again: the list of 1 is now the oldest
        _ = try segment(cache, key(3))
        #expect(cache.statistics.bytes <= cache.budget)
        #expect(try !segment(cache, key(0)).compressed)
        #expect(try segment(cache, key(1)).compressed)
    }

    @Test func aDeletedAppsListsAreForgotten() throws {
        let cache = PingDataCache()
        _ = try segment(cache, key(1))
        cache.remove(appID: app)
        #expect(cache.statistics.bytes == 0)
        #expect(try segment(cache, key(1)).compressed)
    }
}
