#if canImport(SwiftUI)
import MarqueeRender
import SwiftUI

/// The standard inbox list: rows linking to their detail, a progress indicator while loading, and
/// a message when the inbox is empty or could not be loaded, with a button to try again. Pull to
/// refresh fetches.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct DefaultInboxList: View {
    @ObservedObject private var model: InboxListViewModel

    /// A list showing `model`.
    public init(model: InboxListViewModel) {
        self.model = model
    }

    public var body: some View {
        List(rows) { row in
            InboxRowLink(row: row) {
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

    private var labels: InboxLabels { model.context.labels }

    @ViewBuilder private var placeholder: some View {
        switch model.state {
        case .loading:
            ProgressView(labels.loading)
        case .empty:
            InboxPlaceholder(text: labels.empty, detail: labels.emptyDetail, systemImage: "tray")
        case .failed(let message):
            InboxPlaceholder(text: message, detail: labels.failedDetail, systemImage: "exclamationmark.triangle",
                             action: (labels.retry, { [model] in Task { await model.refresh() } }))
        case .loaded:
            EmptyView()
        }
    }
}
#endif
