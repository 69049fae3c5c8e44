import Marquee
import MarqueeUI
import SwiftUI
import UIKit

/// The demo's tooltip points at `cart.button`. Here it finds a UIKit button by its
/// `accessibilityIdentifier` alone (the SDK watches the view hierarchy), or a SwiftUI view
/// marked with `canHaveTooltip(identifier:)`.
struct TooltipsScreen: View {
    @State private var showsUIKitButton = true

    var body: some View {
        NavigationView {
            VStack(spacing: 24) {
                Picker("Target", selection: $showsUIKitButton) {
                    Text("UIKit button").tag(true)
                    Text("SwiftUI view").tag(false)
                }
                .pickerStyle(.segmented)
                if showsUIKitButton {
                    CartUIKitButton()
                        .frame(width: 160, height: 44)
                } else {
                    Label("Cart", systemImage: "cart")
                        .padding()
                        .background(RoundedRectangle(cornerRadius: 10).fill(Color.accentColor.opacity(0.15)))
                        .canHaveTooltip(identifier: "cart.button")
                }
                Spacer()
            }
            .padding()
            .navigationTitle("Tooltips")
        }
        .navigationViewStyle(.stack)
    }
}

/// A plain UIKit button whose only link to Marquee is its accessibility identifier.
struct CartUIKitButton: UIViewRepresentable {
    func makeUIView(context: Context) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle("Cart", for: .normal)
        button.setImage(UIImage(systemName: "cart"), for: .normal)
        button.accessibilityIdentifier = "cart.button"
        return button
    }

    func updateUIView(_ button: UIButton, context: Context) {}
}
