import MarqueeModel

/// Sticky rollout: a device always falls in the same percentile for an app, so a 50 % rollout
/// does not switch a device on and off between launches.
enum Rollout {
    /// The rollout percentage to report to one device: 100 or 0 when the device is known, else
    /// the app's percentage (the client then rolls for itself).
    static func percentage(for deviceID: String?, subscriptionID: String, rollout: Int) -> Int {
        guard let deviceID, !deviceID.isEmpty else { return rollout }
        if rollout >= 100 { return 100 }
        if rollout <= 0 { return 0 }
        return StableHash.percentile(of: "\(subscriptionID):\(deviceID)") < rollout ? 100 : 0
    }
}
