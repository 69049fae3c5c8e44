import Foundation

/// Whether the app is in the foreground, and when a new session starts: the lifecycle's rules as
/// a value, without I/O and without reading a clock (every time is passed in).
///
/// - The first session starts at `configure` when the app is in the foreground, else at its next
///   foreground.
/// - Afterwards a session starts when the app becomes active after at least the session timeout in
///   the background. A repeated "became active" without a "will resign" in between changes nothing,
///   so an app may both call the SDK and let the system observer do it.
/// - Before `configure` the state is followed, but no session starts.
struct AppLifecycle: Sendable, Equatable {
    private(set) var isInForeground = true
    /// When the app last went to the background; `nil` while in the foreground.
    private(set) var backgroundedAt: Date?
    /// When the current session started; `nil` before the first.
    private(set) var sessionStartedAt: Date?
    /// `configure` has run: sessions may start.
    private var hasStarted = false

    /// `configure` ran at `now`; returns whether the first session starts now.
    mutating func started(at now: Date) -> Bool {
        hasStarted = true
        guard isInForeground else { return false }
        sessionStartedAt = now
        return true
    }

    /// The app became active at `now`; returns whether a new session starts.
    mutating func becameActive(at now: Date, sessionTimeout: TimeInterval) -> Bool {
        guard !isInForeground else { return false }
        isInForeground = true
        let away = backgroundedAt.map { now.timeIntervalSince($0) } ?? .infinity
        backgroundedAt = nil
        guard hasStarted, sessionStartedAt == nil || away >= sessionTimeout else { return false }
        sessionStartedAt = now
        return true
    }

    /// The app is about to leave the foreground at `now`.
    mutating func resignedActive(at now: Date) {
        guard isInForeground else { return }
        isInForeground = false
        backgroundedAt = now
    }
}
