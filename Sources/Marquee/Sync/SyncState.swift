import Foundation

/// Where the conversation with the server stands: failure counts for backoff and the server's ping interval.
struct SyncState: Sendable, Hashable {
    var configFailures = 0
    var pingFailures = 0
    /// The server's last `nextPingMillis`, in seconds.
    var pingInterval: TimeInterval = 3600
    var isFlushing = false
}
