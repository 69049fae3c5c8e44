/// FNV-1a, 64 bits: a hash that, unlike `Hasher`, is the same in every process and on every
/// platform, so it can name files and place devices in rollout buckets that never move.
public enum StableHash {
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// FNV-1a followed by the SplitMix64 finalizer, so that every bit of the result depends on
    /// every input byte: the last characters of similar texts (`user-17`, `user-18`) land far
    /// apart even in a small modulus. What experiment assignment draws from.
    public static func mixed(_ text: String) -> UInt64 {
        var z = fnv1a(text)
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A stable place in `0..<100` for percentage rollouts.
    public static func percentile(of text: String) -> Int {
        Int(fnv1a(text) % 100)
    }
}
