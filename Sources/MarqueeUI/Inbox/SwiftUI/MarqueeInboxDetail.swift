#if canImport(SwiftUI)
import Foundation
import SwiftUI

/// One App Inbox message in full. When it appears it tracks the open (honouring the tracking
/// consent) and marks the message read; its buttons track the click and open their link with the
/// environment's `openURL`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct MarqueeInboxDetail<Provider: InboxViewProvider>: View {
    private let messageID: String
    private let context: InboxViewContext
    private let provider: Provider
    @Environment(\.openURL) private var openURL
    /// Made on first appearance, where the environment is known, and kept so the open is tracked once.
    @State private var model: InboxDetailViewModel?

    /// The detail of message `messageID` in the inbox of `context`, drawn by `provider`.
    public init(messageID: String, context: InboxViewContext = InboxViewContext(), provider: Provider) {
        self.messageID = messageID
        self.context = context
        self.provider = provider
    }

    public var body: some View {
        Group {
            if let model {
                provider.detail(model: model)
            } else {
                ProgressView()
            }
        }
        .task {
            let model = self.model ?? makeModel()
            self.model = model
            await model.load()
        }
    }

    private func makeModel() -> InboxDetailViewModel {
        let openURL = openURL
        return InboxDetailViewModel(messageID: messageID, context: context) { action in
            guard let url = action.url.flatMap(URL.init(string:)) else { return }
            openURL(url)
        }
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension MarqueeInboxDetail where Provider == DefaultInboxViewProvider {
    /// The detail of message `messageID`, with the standard views.
    public init(messageID: String, context: InboxViewContext = InboxViewContext()) {
        self.init(messageID: messageID, context: context, provider: DefaultInboxViewProvider())
    }
}
#endif
