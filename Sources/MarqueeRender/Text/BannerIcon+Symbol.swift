import MarqueeModel

extension BannerIcon {
    /// The emoji that stands for the icon in HTML and in the terminal; emoji need no asset
    /// download and render on every platform.
    var symbol: String {
        switch self {
        case .note: "📝"
        case .notification: "🔔"
        case .store: "🏬"
        case .offer: "🏷️"
        case .comment: "💬"
        }
    }
}
