/// When a failed delivery is tried again: 1 s after the first failure, doubling up to 30 minutes,
/// each delay taken at random between half and all of its value, so endpoints that failed
/// together do not come back together.
struct WebhookBackoff: Sendable {
    static let first: Int64 = 1_000
    static let longest: Int64 = 30 * 60_000
    /// An endpoint that has failed this long is disabled.
    static let givesUpAfter: Int64 = 24 * 3_600_000

    /// Milliseconds to wait after the attempt numbered `attempt` (1 for the first) failed; `unit`
    /// is a random number in 0..<1.
    static func delay(afterAttempt attempt: Int, unit: Double) -> Int64 {
        let full = min(longest, first << min(Int64(max(attempt, 1) - 1), 30))
        return full / 2 + Int64(Double(full / 2) * min(max(unit, 0), 1))
    }
}
