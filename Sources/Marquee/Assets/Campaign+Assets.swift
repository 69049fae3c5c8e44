import MarqueeModel

extension Campaign {
    /// The images and videos its messages show (every variant's included), each once: what a
    /// device prefetches.
    var assetURLs: [String] {
        let messages = [message] + (experiment?.variants.compactMap(\.message) ?? [])
        var seen = Set<String>()
        return messages.flatMap(\.assetURLs).filter { seen.insert($0).inserted }
    }
}

extension Message {
    /// The web addresses of the media this message shows.
    var assetURLs: [String] {
        let banner = kind == .banner ? self.banner?.backgroundImageURL : nil
        let video = kind == .video ? media?.videoURL : nil
        return [image?.url, banner, video].compactMap { $0 }.filter { text in
            guard let scheme = text.split(separator: ":", maxSplits: 1).first?.lowercased() else { return false }
            return scheme == "https" || scheme == "http"
        }
    }
}
