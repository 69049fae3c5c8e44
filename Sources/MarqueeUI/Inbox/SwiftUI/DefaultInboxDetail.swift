#if canImport(SwiftUI)
import SwiftUI

/// The standard detail: a large square image (or a gray placeholder), the time, the full title and
/// body (an HTML body's links work), the main action's button and one button per link action.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct DefaultInboxDetail: View {
    @ObservedObject private var model: InboxDetailViewModel

    /// A detail showing `model`.
    public init(model: InboxDetailViewModel) {
        self.model = model
    }

    public var body: some View {
        switch model.state {
        case .loading:
            ProgressView()
        case .missing:
            InboxPlaceholder(text: model.context.labels.missing, systemImage: "tray")
        case .failed(let message):
            InboxPlaceholder(text: message, detail: model.context.labels.failedDetail, systemImage: "exclamationmark.triangle",
                             action: (model.context.labels.retry, { [model] in Task { await model.load() } }))
        case .loaded(let detail):
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    InboxImage(url: detail.imageURL)
                        .aspectRatio(1, contentMode: .fit)
                    VStack(alignment: .leading, spacing: 12) {
                        Text(detail.time)
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                        Text(detail.title)
                            .font(.title2.bold())
                        InboxRichTextView(text: detail.richBody) { link in
                            Task { [model] in await model.follow(link) }
                        }
                        ForEach(detail.buttons) { button in
                            Button {
                                Task { [model] in await model.tap(button) }
                            } label: {
                                Text(button.title)
                                    .frame(maxWidth: .infinity)
                            }
                            .buttonStyle(.borderedProminent)
                        }
                    }
                    .padding(.horizontal)
                }
            }
        }
    }
}
#endif
