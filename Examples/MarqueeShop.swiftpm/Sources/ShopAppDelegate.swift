import Marquee
import MarqueeUI
import UIKit

/// Sets the SDK up at launch and hands it the outcome of registering for remote notifications.
@MainActor
final class ShopAppDelegate: NSObject, UIApplicationDelegate {
    /// Where `marquee serve --demo` listens. The simulator reaches the Mac's server on localhost.
    static let configurationURL = URL(string: "http://localhost:8080/v1/config")

    let log = ShopLog.shared
    private lazy var delegate = ShopDelegate(log: log)

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        let sdk = MarqueeSDK.shared
        sdk.register(presenter: WebViewPresenter())
        sdk.register(presenter: TooltipPresenter(), for: [.tooltip])
        sdk.delegate = delegate
        sdk.errorCallback = { error in
            Task { @MainActor in ShopLog.shared.add("Error: \(error)") }
        }
        sdk.registerPreference(ShopUser())
        sdk.configure(subscriptionID: "demo-subscription", configurationURL: Self.configurationURL, enableTooltipFeature: true)
        sdk.logEvent(AppStartEvent())
        log.add("Marquee \(MarqueeSDK.version) configured against \(Self.configurationURL?.absoluteString ?? "?")")
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        MarqueeSDK.shared.didRegisterForRemoteNotifications(deviceToken: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        MarqueeSDK.shared.didFailToRegisterForRemoteNotifications(error: error)
    }
}
