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

    /// A stable place in `0..<100` for percentage rollouts.
    public static func percentile(of text: String) -> Int {
        Int(fnv1a(text) % 100)
    }
}
