#if canImport(UserNotifications)
import UserNotifications

/// The system's notification permission, through `UNUserNotificationCenter`.
struct SystemPushPermissionRequester: PushPermissionRequester {
    let options: UNAuthorizationOptions

    func currentAuthorization() async -> PushAuthorization {
        switch await UNUserNotificationCenter.current().notificationSettings().authorizationStatus {
        case .notDetermined: .notDetermined
        case .denied: .denied
        // Authorized, provisional or ephemeral: notifications reach the user.
        default: .authorized
        }
    }

    func requestAuthorization() async throws -> Bool {
        try await UNUserNotificationCenter.current().requestAuthorization(options: options)
    }
}

extension MarqueeSDK {
    /// What a push primer asks the system for. Default: alert, sound and badge.
    public var pushPrimerAuthorizationOptions: UNAuthorizationOptions {
        get { UNAuthorizationOptions(rawValue: settings.pushPrimerAuthorizationOptions) }
        set { settings.pushPrimerAuthorizationOptions = newValue.rawValue }
    }
}
#endif
