import Marquee
import SwiftUI

/// Pairs this device with the dashboard's "Preview on a device": type the code it shows. Drafts
/// sent from the campaign editor then show here at once, and the dashboard can follow a debug
/// session of the SDK's decisions. The QR code's URL pairs too when the app receives it
/// (`MarqueeShopApp`): with the server's host among the app's associated domains, as a universal
/// link; scanned by the camera otherwise, it opens a page that shows the code.
struct PairingSection: View {
    @State private var code = ""
    @State private var status = "Not paired"

    var body: some View {
        Section("Preview on a device") {
            TextField("Code from the dashboard", text: $code)
                .textInputAutocapitalization(.characters)
                .autocorrectionDisabled()
            Button("Pair") { Task { await pair(code) } }
                .disabled(code.count < 6)
            Button("End pairing") {
                Task {
                    await MarqueeSDK.shared.endPairing()
                    status = "Not paired"
                }
            }
            Text(status).font(.footnote)
        }
    }

    private func pair(_ code: String) async {
        do {
            try await MarqueeSDK.shared.pair(code: code)
            status = "Paired: previews from the dashboard show here"
        } catch {
            status = "\(error)"
        }
    }
}
