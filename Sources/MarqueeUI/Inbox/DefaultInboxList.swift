#if canImport(SwiftUI)
import SwiftUI

/// The standard inbox list: rows linking to their detail, a progress indicator while loading, and
/// a message when the inbox is empty or could not be loaded. Pull to refresh fetches.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
public struct DefaultInboxList: View {
    private let model: InboxListViewModel

    /// A list showing `model`.
    public init(model: InboxListViewModel) {
        self.model = model
    }

    public var body: some View {
        List(rows) { row in
            NavigationLink(value: row) {
                DefaultInboxRow(row: row, labels: model.context.labels)
            }
        }
        .listStyle(.plain)
        .overlay { placeholder }
        .refreshable { [model] in await model.refresh() }
    }

    private var rows: [InboxRow] {
        if case .loaded(let rows) = model.state { rows } else { [] }
    }

    @ViewBuilder private var placeholder: some View {
        switch model.state {
        case .loading:
            ProgressView(model.context.labels.loading)
        case .empty:
            ContentUnavailableView(model.context.labels.empty, systemImage: "tray")
        case .failed(let message):
            ContentUnavailableView(message, systemImage: "exclamationmark.triangle")
        case .loaded:
            EmptyView()
        }
    }
}
#endif
