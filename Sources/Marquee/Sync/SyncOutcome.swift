/// How a ping (or the configuration fetch that leads to one) ended, for
/// ``MarqueeSDK/refresh()``; the scheduled pings ignore it.
enum SyncOutcome: Sendable, Hashable {
    /// The campaigns are current (or another ping, started meanwhile, will make them so).
    case done
    /// Not sent: the SDK is inactive; it goes out once active again.
    case deferred
    /// The request failed; polling retries on its own schedule.
    case failed(MarqueeError)
}
