#if canImport(UIKit)
import MarqueeModel
import MarqueeRender
import UIKit

/// An inbox body as attributed text for a `UITextView`: body font, one line per paragraph, and
/// each link pointing at its place in `links` (``InboxLinkURL``), so a tap reaches the view model.
enum InboxAttributedText {
    @MainActor
    static func make(_ text: InboxRichText, links: [InboxAction]) -> NSAttributedString {
        let base: [NSAttributedString.Key: Any] = [
            .font: UIFont.preferredFont(forTextStyle: .body),
            .foregroundColor: UIColor.label,
        ]
        let result = NSMutableAttributedString()
        for (number, runs) in text.paragraphs.enumerated() {
            if number > 0 { result.append(NSAttributedString(string: "\n", attributes: base)) }
            for run in runs {
                var attributes = base
                if let link = run.link, let index = links.firstIndex(of: link), let url = InboxLinkURL.url(for: index) {
                    attributes[.link] = url
                }
                result.append(NSAttributedString(string: run.text, attributes: attributes))
            }
        }
        return result
    }
}
#endif
