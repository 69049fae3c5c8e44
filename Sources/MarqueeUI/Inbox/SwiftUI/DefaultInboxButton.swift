#if canImport(SwiftUI)
import SwiftUI

/// The standard inbox button: a tray icon and the title, with a badge of unread messages.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct DefaultInboxButton: View {
    @ObservedObject private var model: InboxButtonViewModel
    private let openInbox: @MainActor () -> Void

    /// A button showing `model` that calls `openInbox` when tapped.
    public init(model: InboxButtonViewModel, openInbox: @escaping @MainActor () -> Void) {
        self.model = model
        self.openInbox = openInbox
    }

    public var body: some View {
        Button {
            openInbox()
        } label: {
            Label(model.title, systemImage: "tray")
                .overlay(alignment: .topTrailing) {
                    if let badge = model.badge {
                        Text(badge)
                            .font(.caption2.bold())
                            .foregroundStyle(.white)
                            .padding(.horizontal, 5)
                            .background(Capsule().fill(.red))
                            .offset(x: 10, y: -8)
                    }
                }
        }
        .accessibilityValue(model.unreadDescription)
    }
}
#endif
