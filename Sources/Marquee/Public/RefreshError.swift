/// Why ``MarqueeSDK/refresh()`` did not fetch the campaigns.
public enum RefreshError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `configure` has not been called, or it failed.
    case notConfigured
    /// The SDK is disabled (``MarqueeSDK/isEnabled``) or this device is outside the rollout. The
    /// fetch goes out once the SDK is enabled again.
    case disabled
    /// The server could not be reached (no connection, timeout); polling retries on its own.
    case offline(String)
    /// The server answered, but not with campaigns (an HTTP error status, an unreadable response).
    case failed(MarqueeError)

    public var description: String {
        switch self {
        case .notConfigured: "Marquee: refresh before configure"
        case .disabled: "Marquee: refresh while the SDK is disabled; it is sent once enabled"
        case .offline(let reason): "Marquee: refresh could not reach the server: \(reason)"
        case .failed(let error): "Marquee: refresh failed: \(error)"
        }
    }
}
