import Foundation

/// The live channel's rules as a value: whether it should be open, and how long to wait before
/// connecting again after it dropped. No I/O and no clock (times are passed in).
///
/// - It is open only while the SDK is active, the app is in the foreground, the app wants it
///   (``MarqueeSDK/liveUpdates``, or a pairing with the dashboard) and the server names a live
///   endpoint.
/// - After a drop it waits the server's `retry` hint (else 3 s), doubling with each failure in a
///   row up to 5 minutes, plus up to half again at random so devices spread out. A connection
///   that stayed open ``healthyAfter`` seconds counts as a success: one the server or a proxy
///   ends again and again within seconds backs off.
/// - A server that refuses the channel for good (4xx other than 429) is not asked again until
///   the configuration is fetched anew.
struct LiveChannelState: Sendable {
    static let defaultRetry: TimeInterval = 3
    static let maximumRetry: TimeInterval = 300
    static let healthyAfter: TimeInterval = 60

    /// Counts connections, so parts of one that was replaced are ignored.
    private(set) var generation = 0
    private(set) var isOpen = false
    private var openedAt: Date?
    /// Failures in a row.
    private(set) var failures = 0
    private(set) var retryHint: TimeInterval?
    /// Sent back as `Last-Event-ID`.
    var lastEventID: String?
    /// The server refused the channel; cleared by a new configuration.
    private(set) var isRefused = false

    func wanted(isActive: Bool, isInForeground: Bool, isTurnedOn: Bool, hasEndpoint: Bool) -> Bool {
        isActive && isInForeground && isTurnedOn && hasEndpoint && !isRefused
    }

    /// A connection starts at `now`; returns its generation.
    mutating func opened(at now: Date) -> Int {
        generation += 1
        isOpen = true
        openedAt = now
        return generation
    }

    /// The server's `retry` hint, in milliseconds.
    mutating func heard(retryMillis: Int?) {
        if let retryMillis { retryHint = TimeInterval(retryMillis) / 1000 }
    }

    /// Connection `generation` ended at `now` (or was never answered). Returns whether it was the
    /// current one; `refused` marks a refusal for good.
    mutating func closed(_ generation: Int, at now: Date, failed: Bool, refused: Bool = false) -> Bool {
        guard generation == self.generation, isOpen else { return false }
        isOpen = false
        let lasted = openedAt.map { now.timeIntervalSince($0) } ?? 0
        if lasted >= Self.healthyAfter { failures = 0 }
        if failed || lasted < Self.healthyAfter { failures += 1 }
        if refused { isRefused = true }
        return true
    }

    /// The app closed the channel (background, turned off): nothing to retry.
    mutating func closedByApp() {
        generation += 1
        isOpen = false
    }

    /// The configuration was fetched anew: a refusal is forgotten.
    mutating func configurationChanged() {
        isRefused = false
    }

    /// The wait before the next connection; `unit` is a random number in `0..<1`.
    func reconnectDelay(unit: Double) -> TimeInterval {
        let base = retryHint ?? Self.defaultRetry
        // The first failure waits the hint itself; each one after it doubles the wait.
        let grown = min(Self.maximumRetry, max(0.5, base) * pow(2, Double(min(max(0, failures - 1), 20))))
        return min(Self.maximumRetry * 1.5, grown * (1 + 0.5 * unit))
    }
}
