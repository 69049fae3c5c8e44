#if canImport(SwiftUI)
import SwiftUI

/// The App Inbox list: fetches when it appears and on pull to refresh, follows the inbox's
/// changes, and shows a message's ``MarqueeInboxDetail`` when a row is chosen (an
/// ``InboxRowLink``). Place it inside a `NavigationView` or `NavigationStack`
/// (``MarqueeInboxButton`` does).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct MarqueeInboxList<Provider: InboxViewProvider>: View {
    private let provider: Provider
    @StateObject private var model: InboxListViewModel

    /// The list of the inbox in `context`, drawn by `provider`.
    public init(context: InboxViewContext = InboxViewContext(), provider: Provider) {
        self.provider = provider
        _model = StateObject(wrappedValue: InboxListViewModel(context: context))
    }

    public var body: some View {
        provider.list(model: model)
            .navigationTitle(model.title)
            .task { [model] in await model.run() }
            .environment(\.inboxDetailDestination, InboxDetailDestination { [context = model.context, provider] id in
                AnyView(MarqueeInboxDetail(messageID: id, context: context, provider: provider))
            })
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension MarqueeInboxList where Provider == DefaultInboxViewProvider {
    /// The list of the inbox in `context`, with the standard views.
    public init(context: InboxViewContext = InboxViewContext()) {
        self.init(context: context, provider: DefaultInboxViewProvider())
    }
}
#endif
