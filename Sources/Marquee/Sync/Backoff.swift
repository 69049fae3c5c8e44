import Foundation

/// Retry delays: doubling from `initial` up to `maximum`, each stretched by up to `jitter` of itself
/// so that many devices do not retry in step.
struct Backoff: Sendable, Hashable {
    var initial: TimeInterval = 10
    var maximum: TimeInterval = 3600
    var jitter: Double = 0.5

    /// The delay before retry number `attempt` (0-based); `unit` is a random number in `0..<1`.
    func delay(attempt: Int, unit: Double) -> TimeInterval {
        let base = min(maximum, initial * pow(2, Double(min(attempt, 30))))
        return min(maximum, base * (1 + jitter * unit))
    }
}

/// How a failed request should be handled.
enum RequestFailure: Error, Sendable, Hashable {
    /// 429, 5xx or a transport error: worth retrying later.
    case retryable(MarqueeError)
    /// Any other 4xx or an unreadable body: retrying the same request will not help.
    case permanent(MarqueeError)

    var error: MarqueeError {
        switch self {
        case .retryable(let error), .permanent(let error): error
        }
    }
}
