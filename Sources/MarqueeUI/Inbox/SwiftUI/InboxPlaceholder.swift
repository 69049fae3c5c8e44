#if canImport(SwiftUI)
import SwiftUI

/// What the inbox shows in place of messages: a symbol and a sentence (empty, failed, missing).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
struct InboxPlaceholder: View {
    let text: String
    let systemImage: String

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: systemImage)
                .font(.largeTitle)
                .foregroundStyle(.secondary)
            Text(text)
                .font(.headline)
                .multilineTextAlignment(.center)
        }
        .padding()
        .accessibilityElement(children: .combine)
    }
}
#endif
