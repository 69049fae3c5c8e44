#if canImport(SwiftUI)
import SwiftUI

/// The App Inbox button: its title with the unread count as a badge, kept current as the inbox
/// changes. A tap shows ``MarqueeInboxList`` in a sheet.
///
/// ```swift
/// MarqueeInboxButton()                                  // the standard views
/// MarqueeInboxButton(provider: BrandedInbox())          // some of them replaced
/// ```
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct MarqueeInboxButton<Provider: InboxViewProvider>: View {
    private let provider: Provider
    @StateObject private var model: InboxButtonViewModel
    @State private var isShowingInbox = false

    /// A button for the inbox in `context`, drawn by `provider`.
    public init(context: InboxViewContext = InboxViewContext(), provider: Provider) {
        self.provider = provider
        _model = StateObject(wrappedValue: InboxButtonViewModel(context: context))
    }

    public var body: some View {
        provider.button(model: model) { isShowingInbox = true }
            .task { [model] in await model.followChanges() }
            .sheet(isPresented: $isShowingInbox) {
                NavigationView {
                    MarqueeInboxList(context: model.context, provider: provider)
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) {
                                Button(model.context.labels.close) { isShowingInbox = false }
                            }
                        }
                }
                #if os(iOS)
                .navigationViewStyle(.stack)
                #endif
            }
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension MarqueeInboxButton where Provider == DefaultInboxViewProvider {
    /// A button for the inbox in `context`, with the standard views.
    public init(context: InboxViewContext = InboxViewContext()) {
        self.init(context: context, provider: DefaultInboxViewProvider())
    }
}
#endif
