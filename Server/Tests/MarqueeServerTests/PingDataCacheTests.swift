import Foundation
@testable import MarqueeServer
import NIOConcurrencyHelpers
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
                         text: String = String(repeating: "[campaign]", count: 200)) async throws -> (DeflatedSegment, compressed: Bool) {
        let compressed = NIOLockedValueBox(false)
        let segment = try await cache.segment(appID: app, version: version, key: key) {
            compressed.withLockedValue { $0 = true }
            return ByteBuffer(string: text)
        }
        return (segment, compressed.withLockedValue { $0 })
    }

    @Test func aListIsCompressedOncePerVersion() async throws {
        let cache = PingDataCache()
        #expect(try await segment(cache, key(1, 2)).compressed)
        #expect(try await !segment(cache, key(1, 2)).compressed)
        #expect(try await segment(cache, key(2, 1)).compressed, "another order is another list")
        #expect(try await segment(cache, PingDataCache.Key(extended: true, forms: [1, 2])).compressed, "extended forms are other bytes")
        #expect(try await segment(cache, version: 2, key(1, 2)).compressed, "a new catalog version starts afresh")
        #expect(try await segment(cache, version: 1, key(1, 2)).compressed, "an older version is served but not kept")
        #expect(try await !segment(cache, version: 2, key(1, 2)).compressed)
        #expect(cache.statistics.hits == 2)
    }

    @Test func theLeastRecentlyUsedListsLeaveWhenTheBudgetIsFull() async throws {
        let one = try await segment(PingDataCache(), key(0)).0.deflated.readableBytes
        let cache = PingDataCache(budget: one * 3)
        for form in UInt64(0)..<3 { _ = try await segment(cache, key(form)) }
        _ = try await segment(cache, key(0))  // used again: the list of 1 is now the oldest
        _ = try await segment(cache, key(3))
        #expect(cache.statistics.bytes <= cache.budget)
        #expect(try await !segment(cache, key(0)).compressed)
        #expect(try await segment(cache, key(1)).compressed)
    }

    @Test func concurrentFirstRequestsShareOneCompression() async throws {
        let cache = PingDataCache()
        let compressions = NIOLockedValueBox(0)
        let app = self.app
        let segments = try await withThrowingTaskGroup(of: DeflatedSegment.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try await cache.segment(appID: app, version: 1, key: PingDataCache.Key(extended: false, forms: [7])) {
                        compressions.withLockedValue { $0 += 1 }
                        return ByteBuffer(string: String(repeating: "[campaign]", count: 20_000))
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(compressions.withLockedValue { $0 } == 1)
        #expect(Set(segments.map { $0.deflated }).count == 1)
        #expect(cache.statistics.misses == 1)
    }

    @Test func aDeletedAppsListsAreForgotten() async throws {
        let cache = PingDataCache()
        _ = try await segment(cache, key(1))
        cache.remove(appID: app)
        #expect(cache.statistics.bytes == 0)
        #expect(try await segment(cache, key(1)).compressed)
    }
}
