/// Sticky rollout: a device always falls in the same percentile for an app, so a 50 % rollout
/// does not switch a device on and off between launches.
enum Rollout {
    /// The rollout percentage to report to one device: 100 or 0 when the device is known, else
    /// the app's percentage (the client then rolls for itself).
    static func percentage(for deviceID: String?, subscriptionID: String, rollout: Int) -> Int {
        guard let deviceID, !deviceID.isEmpty else { return rollout }
        if rollout >= 100 { return 100 }
        if rollout <= 0 { return 0 }
        return bucket(of: "\(subscriptionID):\(deviceID)") < rollout ? 100 : 0
    }

    /// A stable bucket in 0..<100 (FNV-1a, which unlike `Hasher` is the same in every process).
    static func bucket(of text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int(hash % 100)
    }
}
