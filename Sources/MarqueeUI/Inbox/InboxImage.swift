#if canImport(SwiftUI)
import SwiftUI

/// An inbox image filling its frame, on a gray placeholder that also stands in for a missing image.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
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
