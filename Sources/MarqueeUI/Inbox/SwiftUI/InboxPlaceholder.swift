#if canImport(SwiftUI)
import SwiftUI

/// What the inbox shows in place of messages (empty, failed, missing): a symbol, a sentence, a
/// line that says more, and a button where the user can do something about it.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
struct InboxPlaceholder: View {
    let text: String
    var detail: String?
    let systemImage: String
    /// The button's title and what it does.
    var action: (title: String, perform: () -> Void)?

    var body: some View {
        VStack(spacing: 12) {
            VStack(spacing: 12) {
                Image(systemName: systemImage)
                    .font(.largeTitle)
                    .foregroundStyle(.secondary)
                Text(text)
                    .font(.headline)
                if let detail {
                    Text(detail)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
            }
            .multilineTextAlignment(.center)
            .accessibilityElement(children: .combine)
            if let action {
                Button(action.title, action: action.perform)
                    .buttonStyle(.bordered)
            }
        }
        .padding()
    }
}
#endif
