#if canImport(UserNotifications)
import UserNotifications
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

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

    func registerForRemoteNotifications() async {
        #if canImport(UIKit) && !os(watchOS)
        await MainActor.run { UIApplication.shared.registerForRemoteNotifications() }
        #elseif canImport(AppKit)
        await MainActor.run { NSApplication.shared.registerForRemoteNotifications() }
        #endif
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
