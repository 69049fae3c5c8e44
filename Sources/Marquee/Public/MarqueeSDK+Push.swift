import Foundation
import MarqueeModel

/// What ``MarqueeSDK/handleNotification(_:openedByUser:)`` found in a push.
public struct HandledNotification: Sendable, Hashable {
    /// Whether a ``PushClickEvent`` was logged: the user opened the app from the push.
    public var loggedPushClick = false
    /// The campaign or push ID the payload names (`marquee.campaignID`, `campaignID`, `pushID`).
    public var pushID: String?
    /// The ID of the in-app message the push carried, now held for ``MarqueeSDK/executeRule(_:)``.
    public var heldMessageID: String?
}

extension MarqueeSDK {
    /// Hands the SDK a push notification's payload (`userInfo`).
    ///
    /// - When `openedByUser` (the app was opened by tapping the push), it logs a
    ///   ``PushClickEvent`` with the campaign or push ID the payload names, so push-click
    ///   triggers work with no more code.
    /// - An in-app message in Acoustic's shape (`"inApp": {"rules": […], "maxViews": …,
    ///   "template": …, "content": {…}, "triggerDate": …, "expirationDate": …}`) is kept on the
    ///   device, and ``executeRule(_:)`` shows it: the oldest held message for the rule, within
    ///   its dates, at most `maxViews` times (default once). The same message pushed twice is
    ///   kept once. A message that cannot be shown is reported to ``errorCallback``.
    ///
    /// Call it for silent pushes too (with `openedByUser: false`), so their messages are kept.
    @discardableResult
    public func handleNotification(_ userInfo: [AnyHashable: Any], openedByUser: Bool = true) -> HandledNotification {
        let notification = PushNotification(userInfo: userInfo)
        var handled = HandledNotification(pushID: notification.pushID)
        switch notification.message {
        case .success(let campaign)?:
            core.submit(.holdPushMessage(campaign))
            handled.heldMessageID = campaign.id
        case .failure(let error)?:
            core.report(error)
        case nil:
            break
        }
        if openedByUser {
            core.submit(.logEvent(.pushClick(campaign: notification.pushID)))
            handled.loggedPushClick = true
        }
        return handled
    }

    /// Hands the SDK the device token from `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    /// A push primer starts that registration once the user allows notifications; the delegate
    /// hears the outcome in ``MarqueeDelegate/marquee(didRegisterForPush:)``.
    ///
    /// ```swift
    /// func application(_ application: UIApplication,
    ///                  didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
    ///     MarqueeSDK.shared.didRegisterForRemoteNotifications(deviceToken: deviceToken)
    /// }
    /// ```
    public func didRegisterForRemoteNotifications(deviceToken: Data) {
        core.submit(.pushRegistration(.registered(deviceToken: deviceToken)))
    }

    /// Hands the SDK the error from `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    public func didFailToRegisterForRemoteNotifications(error: any Error) {
        core.submit(.pushRegistration(.failed(reason: error.localizedDescription)))
    }

    /// Asks for notification permission when a push primer's button is tapped, and tells whether
    /// the user already allows notifications (a push primer is then not shown). `nil` uses the
    /// system (`UNUserNotificationCenter`) where there is one, else the delegate.
    public var pushPermissionRequester: (any PushPermissionRequester)? {
        get { settings.pushPermissionRequester }
        set { settings.pushPermissionRequester = newValue }
    }
}
