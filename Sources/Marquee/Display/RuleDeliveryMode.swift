import MarqueeModel

/// Which messages ``MarqueeSDK/executeRule(_:)`` shows (``MarqueeSDK/ruleDeliveryMode``).
public enum RuleDeliveryMode: Sendable, Hashable, CaseIterable {
    /// Every message listening for any of the rules, one after another. The default.
    case everyMatching
    /// One message per call, as Acoustic's `executeRule`: the oldest message a push delivered
    /// that listens for one of the rules, else the first listed campaign one of them made ready.
    case oldestOnly
}
