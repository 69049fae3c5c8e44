import Foundation

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
    /// Registers the app with the push service, after the user allowed notifications (UIKit's
    /// `registerForRemoteNotifications()`). The outcome reaches the app's `UIApplicationDelegate`,
    /// which hands it to ``MarqueeSDK/didRegisterForRemoteNotifications(deviceToken:)`` or
    /// ``MarqueeSDK/didFailToRegisterForRemoteNotifications(error:)``.
    func registerForRemoteNotifications() async
}

/// How registering for remote notifications ended, as the app's `UIApplicationDelegate` heard it.
public enum PushRegistration: Sendable, Hashable {
    /// The push service's token for this device.
    case registered(deviceToken: Data)
    /// Registration failed (for example without the push entitlement, or in the simulator).
    case failed(reason: String)

    /// The token as the lowercase hex string push providers expect.
    public var deviceTokenHex: String? {
        switch self {
        case .registered(let token): token.map { String(format: "%02x", $0) }.joined()
        case .failed: nil
        }
    }
}
