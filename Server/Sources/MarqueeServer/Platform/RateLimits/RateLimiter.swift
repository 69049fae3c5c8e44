import Foundation

/// Token buckets, one per key: a key may spend `burst` requests at once and regains
/// `perMinute` of them each minute. Time comes from the server clock, so tests are exact.
actor RateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let perMinute: Int
    private let burst: Int
    private let clock: any ServerClock
    private var buckets: [String: Bucket] = [:]
    /// Buckets kept before full (idle) ones are dropped, so memory stays bounded.
    private let pruneThreshold = 100_000

    init(limit: RateLimit, clock: any ServerClock) {
        self.init(perMinute: limit.perMinute, burst: limit.burst, clock: clock)
    }

    /// A limit whose burst is not half a minute's worth: `burst` at once, `perMinute` regained a minute.
    init(perMinute: Int, burst: Int, clock: any ServerClock) {
        self.perMinute = perMinute
        self.burst = burst
        self.clock = clock
    }

    /// Spends one request for `key`: `nil` when allowed, else the seconds until one is.
    func spend(_ key: String) -> Int? {
        let now = clock.now()
        let rate = Double(perMinute) / 60
        var bucket = buckets[key] ?? Bucket(tokens: Double(burst), updated: now)
        bucket.tokens = min(Double(burst), bucket.tokens + now.timeIntervalSince(bucket.updated) * rate)
        bucket.updated = now
        defer {
            buckets[key] = bucket
            if buckets.count > pruneThreshold { prune(now: now) }
        }
        guard bucket.tokens >= 1 else {
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
        bucket.tokens -= 1
        return nil
    }

    /// Gives back one request spent with ``spend(_:)``: for limits that count only failures,
    /// which spend before trying (so concurrent attempts cannot all slip past) and refund on success.
    func refund(_ key: String) {
        guard var bucket = buckets[key] else { return }
        bucket.tokens = min(Double(burst), bucket.tokens + 1)
        buckets[key] = bucket
    }

    /// Forgets buckets that have refilled completely: they behave exactly like new ones.
    private func prune(now: Date) {
        let rate = Double(perMinute) / 60
        buckets = buckets.filter { $0.value.tokens + now.timeIntervalSince($0.value.updated) * rate < Double(burst) }
    }
}
