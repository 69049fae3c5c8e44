import Foundation

/// The URLs native text views carry for an inbox body's links: the link's place in
/// ``MarqueeRender/InboxRichText/links``, so a tap is routed back to the view model (which tracks
/// the click) instead of being opened by the system.
enum InboxLinkURL {
    static let scheme = "marquee-inbox-link"

    static func url(for index: Int) -> URL? {
        URL(string: "\(scheme):\(index)")
    }

    static func index(of url: URL) -> Int? {
        guard url.scheme == scheme else { return nil }
        return Int(url.absoluteString.dropFirst(scheme.count + 1))
    }
}
