import Marquee
import MarqueeUI
import SwiftUI
import UIKit

/// The App Inbox twice: the SwiftUI button and the UIKit one, on the same inbox.
struct InboxScreen: View {
    var body: some View {
        NavigationView {
            List {
                Section("SwiftUI") {
                    MarqueeInboxButton()
                }
                Section("UIKit") {
                    InboxUIKitButton()
                        .frame(height: 44)
                }
            }
            .navigationTitle("Inbox")
        }
        .navigationViewStyle(.stack)
    }
}

/// ``MarqueeInboxUIButton`` in SwiftUI: a tap presents the UIKit list and detail.
struct InboxUIKitButton: UIViewRepresentable {
    func makeUIView(context: Context) -> MarqueeInboxUIButton {
        MarqueeInboxUIButton()
    }

    func updateUIView(_ button: MarqueeInboxUIButton, context: Context) {}
}
