/// A map that keeps about the `capacity` most recently used entries, in two generations: entries
/// go into the newer one, and when it is half the capacity the older one is dropped whole and the
/// newer takes its place. A read of an older entry moves it into the newer generation.
///
/// Every access is a hash lookup or two, with no per-entry bookkeeping for recency; the price is
/// that what goes is the older half, not exactly the least recently used entry.
struct RecentMap<Key: Hashable, Value> {
    let capacity: Int
    private var newer: [Key: Value] = [:]
    private var older: [Key: Value] = [:]

    init(capacity: Int) {
        precondition(capacity >= 2, "a recent map holds at least two entries")
        self.capacity = capacity
    }

    /// Entries held, at most `capacity`.
    var count: Int { newer.count + older.count }

    mutating func value(for key: Key) -> Value? {
        if let value = newer[key] { return value }
        guard let value = older.removeValue(forKey: key) else { return nil }
        set(value, for: key)
        return value
    }

    mutating func set(_ value: Value, for key: Key) {
        older.removeValue(forKey: key)
        newer[key] = value
        if newer.count >= capacity / 2 {
            older = newer
            newer = [:]
        }
    }

    /// Changes the value held for `key`, if any, without moving it between generations.
    mutating func update(_ key: Key, _ transform: (Value) -> Value) {
        if let value = newer[key] {
            newer[key] = transform(value)
        } else if let value = older[key] {
            older[key] = transform(value)
        }
    }

    mutating func remove(_ key: Key) {
        newer.removeValue(forKey: key)
        older.removeValue(forKey: key)
    }

    mutating func removeAll() {
        newer = [:]
        older = [:]
    }
}

extension RecentMap: Sendable where Key: Sendable, Value: Sendable {}
