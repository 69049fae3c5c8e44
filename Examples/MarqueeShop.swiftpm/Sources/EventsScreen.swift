import Marquee
import MarqueeModel
import MarqueeUI
import SwiftUI

/// Buttons that log the events the demo's campaigns listen for, the push primer, and what happened.
struct EventsScreen: View {
    @ObservedObject private var log = ShopLog.shared

    var body: some View {
        NavigationView {
            List {
                Section("On the home screen") {
                    // The demo's embedded card for `home.top`; nothing when the user has none left.
                    MarqueePlacement("home.top")
                }
                Section("Events") {
                    Button("App start (the welcome modal)") { MarqueeSDK.shared.logEvent(AppStartEvent()) }
                    Button("Sign in (a banner)") { MarqueeSDK.shared.logEvent(LoginSuccessfulEvent()) }
                    Button("Purchase in EUR (a slide-up)") {
                        MarqueeSDK.shared.logEvent(PurchaseSuccessfulEvent(purchaseAmountMicros: 12_500_000, numberOfItems: 1,
                                                                           currencyCode: "EUR"))
                    }
                    Button("Reach level 3 (a full-screen message)") {
                        MarqueeSDK.shared.logEvent(CustomEvent(name: "level_up", attributes: [CustomAttribute(name: "level", value: 3)]))
                    }
                    Button("Open the gallery (an image)") { MarqueeSDK.shared.logEvent(CustomEvent(name: "open_gallery")) }
                    Button("Watch the intro (a video)") { MarqueeSDK.shared.logEvent(CustomEvent(name: "watch_intro")) }
                    Button("Open the promo (HTML)") { MarqueeSDK.shared.logEvent(CustomEvent(name: "open_promo")) }
                    Button("Take the tour (a carousel)") { MarqueeSDK.shared.logEvent(CustomEvent(name: "take_tour")) }
                    Button("Give feedback (a survey)") { MarqueeSDK.shared.logEvent(CustomEvent(name: "give_feedback")) }
                }
                PairingSection()
                Section("Push notifications") {
                    Button("Show the push primer") { MarqueeSDK.shared.present(message: PushPrimer.message) }
                }
                Section("What happened") {
                    ForEach(Array(log.lines.enumerated()), id: \.offset) { _, line in
                        Text(line).font(.footnote)
                    }
                }
            }
            .navigationTitle("Marquee Shop")
        }
        .navigationViewStyle(.stack)
    }
}

/// A push primer the app shows itself: its first button asks for notification permission, and
/// once the user allows it, the SDK registers for remote notifications.
enum PushPrimer {
    static let message = Message(
        kind: .modal, title: "Never miss a sale",
        body: "Turn on notifications and we'll tell you when your favourites are on sale.",
        buttons: [
            MessageButton(id: "allow", text: "Turn on notifications", action: MessageAction(.pushPrimer)),
            MessageButton(id: "later", text: "Not now", textColor: HexColor("#1D4ED8")!, backgroundColor: HexColor("#EFF6FF")!),
        ])
}
