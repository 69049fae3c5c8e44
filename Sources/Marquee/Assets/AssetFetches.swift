/// The media fetches under way, so that two pings never fetch one URL twice: a URL is claimed
/// when its fetch starts and released when it ends, however it ends.
struct AssetFetches: Sendable {
    private(set) var inFlight: Set<String> = []

    /// The URLs of `urls` to fetch now: each once, neither held by `cache` nor being fetched;
    /// they count as being fetched from here on.
    mutating func claim(_ urls: [String], notIn cache: AssetCache) -> [String] {
        var seen = Set<String>()
        let missing = urls.filter { seen.insert($0).inserted && !cache.contains($0) && !inFlight.contains($0) }
        inFlight.formUnion(missing)
        return missing
    }

    /// The fetch of `url` ended.
    mutating func release(_ url: String) {
        inFlight.remove(url)
    }
}
