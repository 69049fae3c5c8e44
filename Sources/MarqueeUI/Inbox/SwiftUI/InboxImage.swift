#if canImport(SwiftUI)
import SwiftUI

/// An inbox image filling its frame, on a gray placeholder that also stands in for a missing image.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
struct InboxImage: View {
    let url: URL?

    var body: some View {
        Rectangle()
            .fill(.quaternary)
            .overlay {
                if let url {
                    AsyncImage(url: url) { image in
                        image.resizable().scaledToFill()
                    } placeholder: {
                        Color.clear
                    }
                }
            }
            .clipped()
            .accessibilityHidden(true)
    }
}
#endif
