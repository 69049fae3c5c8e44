/// Why the SDK dropped a readied message without showing it
/// (``MarqueeDelegate/marquee(didDiscard:reason:)``). It may be triggered again later.
public enum DiscardReason: Sendable, Hashable, CustomStringConvertible {
    /// It waited longer than ``MarqueeSDK/displayTimeout`` for its turn.
    case displayTimedOut
    /// Its ``MarqueeModel/Message/orientation`` does not match ``MarqueeSDK/deviceOrientation``.
    case orientationMismatch

    public var description: String {
        switch self {
        case .displayTimedOut: "it waited longer than the display timeout"
        case .orientationMismatch: "its orientation does not match the device's"
        }
    }
}
