/// Whether the user lets the app show notifications.
public enum PushAuthorization: String, Sendable, Hashable {
    /// The user has not been asked.
    case notDetermined
    case denied
    /// Notifications are allowed (on Apple platforms also provisionally or ephemerally).
    case authorized
}

/// Asks the system for notification permission when a user taps a push primer's button.
///
/// On Apple platforms the SDK uses `UNUserNotificationCenter` with
/// ``MarqueeSDK/pushPrimerAuthorizationOptions`` unless the app sets another requester;
/// elsewhere it asks the delegate (``MarqueeDelegate/marqueeRequestsPushPermission()``).
public protocol PushPermissionRequester: Sendable {
    /// The current permission; a push primer is not shown to a user who already allowed notifications.
    func currentAuthorization() async -> PushAuthorization
    /// Asks the user; returns whether notifications are allowed now.
    func requestAuthorization() async throws -> Bool
}
