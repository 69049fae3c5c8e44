import Foundation

/// Where the conversation with the server stands: failure counts for backoff, the server's ping
/// interval, and work put off while the SDK was inactive.
struct SyncState: Sendable, Hashable {
    var configFailures = 0
    var pingFailures = 0
    /// The server's last `nextPingMillis`, in seconds.
    var pingInterval: TimeInterval = 3600
    var isFlushing = false
    /// A ping came due, or the user changed, while the SDK was disabled: the ping goes out as soon
    /// as the SDK is active again, and polling continues from there.
    var pingMissed = false
}
