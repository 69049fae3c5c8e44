#if canImport(SwiftUI)
import MarqueeModel
import MarqueeRender
import SwiftUI

/// An inbox body in SwiftUI: its paragraphs, with its links underlined and tappable. A tap
/// calls `follow` with the link's action instead of opening it directly, so it is tracked.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
struct InboxRichTextView: View {
    let text: InboxRichText
    let follow: @MainActor (InboxAction) -> Void

    var body: some View {
        let links = text.links
        VStack(alignment: .leading, spacing: 8) {
            ForEach(Array(text.paragraphs.enumerated()), id: \.offset) { _, runs in
                Text(Self.attributed(runs, links: links))
            }
        }
        .environment(\.openURL, OpenURLAction { url in
            guard let index = InboxLinkURL.index(of: url), links.indices.contains(index) else { return .discarded }
            follow(links[index])
            return .handled
        })
    }

    /// The runs of one paragraph; each link points at its place in `links`.
    private static func attributed(_ runs: [InboxRichText.Run], links: [InboxAction]) -> AttributedString {
        var result = AttributedString()
        for run in runs {
            var piece = AttributedString(run.text)
            if let link = run.link, let index = links.firstIndex(of: link) {
                piece.link = InboxLinkURL.url(for: index)
                piece.underlineStyle = .single
            }
            result += piece
        }
        return result
    }
}
#endif
