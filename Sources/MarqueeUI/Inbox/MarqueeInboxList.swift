#if canImport(SwiftUI)
import SwiftUI

/// The App Inbox list: fetches when it appears and on pull to refresh, follows the inbox's
/// changes, and shows a message's ``MarqueeInboxDetail`` when a row is chosen. Place it inside a
/// `NavigationStack` (``MarqueeInboxButton`` does).
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
public struct MarqueeInboxList<Provider: InboxViewProvider>: View {
    private let provider: Provider
    @State private var model: InboxListViewModel

    /// The list of the inbox in `context`, drawn by `provider`.
    public init(context: InboxViewContext = InboxViewContext(), provider: Provider) {
        self.provider = provider
        _model = State(initialValue: InboxListViewModel(context: context))
    }

    public var body: some View {
        provider.list(model: model)
            .navigationTitle(model.title)
            .task { [model] in await model.run() }
            .navigationDestination(for: InboxRow.self) { row in
                MarqueeInboxDetail(messageID: row.id, context: model.context, provider: provider)
            }
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension MarqueeInboxList where Provider == DefaultInboxViewProvider {
    /// The list of the inbox in `context`, with the standard views.
    public init(context: InboxViewContext = InboxViewContext()) {
        self.init(context: context, provider: DefaultInboxViewProvider())
    }
}
#endif
