import Marquee
import SwiftUI

/// Marquee Shop: events, tooltips, the push primer and the App Inbox against a Marquee server.
@main
struct MarqueeShopApp: App {
    @UIApplicationDelegateAdaptor(ShopAppDelegate.self) private var appDelegate

    var body: some Scene {
        WindowGroup {
            TabView {
                EventsScreen()
                    .tabItem { Label("Events", systemImage: "bolt") }
                TooltipsScreen()
                    .tabItem { Label("Tooltips", systemImage: "text.bubble") }
                InboxScreen()
                    .tabItem { Label("Inbox", systemImage: "tray") }
            }
            // The dashboard's pairing QR code, opened as a link into the app.
            .onOpenURL { url in
                Task {
                    do {
                        try await MarqueeSDK.shared.pair(url: url)
                        ShopLog.shared.add("Paired with the dashboard")
                    } catch {
                        ShopLog.shared.add("Pairing failed: \(error)")
                    }
                }
            }
        }
    }
}
