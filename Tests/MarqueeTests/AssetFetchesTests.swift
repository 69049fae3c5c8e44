import Foundation
@testable import Marquee
import Testing

/// Media fetches: each URL once, never one the cache holds or one already being fetched.
@Suite struct AssetFetchesTests {
    private func cache() -> AssetCache {
        AssetCache(storageDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)"))
    }

    @Test func eachURLIsClaimedOnceUntilItsFetchEnds() {
        var fetches = AssetFetches()
        let cache = cache()
        let urls = ["https://cdn.example.com/a.png", "https://cdn.example.com/b.png", "https://cdn.example.com/a.png"]
        #expect(fetches.claim(urls, notIn: cache) == ["https://cdn.example.com/a.png", "https://cdn.example.com/b.png"])
        #expect(fetches.claim(urls, notIn: cache).isEmpty, "a second ping fetches nothing twice")
        fetches.release("https://cdn.example.com/a.png")
        #expect(fetches.claim(urls, notIn: cache) == ["https://cdn.example.com/a.png"], "a failed fetch is tried again")
    }

    @Test func aURLTheCacheHoldsIsNotFetched() throws {
        var fetches = AssetFetches()
        var cache = cache()
        try cache.store(Data("png".utf8), for: "https://cdn.example.com/held.png")
        #expect(fetches.claim(["https://cdn.example.com/held.png", "https://cdn.example.com/new.png"], notIn: cache)
                == ["https://cdn.example.com/new.png"])
        #expect(fetches.inFlight == ["https://cdn.example.com/new.png"])
    }
}
