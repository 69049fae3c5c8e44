import Foundation
import MarqueeModel

/// Assets: the media of the campaigns the device holds, fetched after each ping into the
/// ``AssetCache``, and handed to presenters with each message.
extension MarqueeCore {
    /// A ping brought a new list: its media are the ones to hold.
    func wantAssets(of campaigns: [Campaign]) {
        var seen = Set<String>()
        assets.want(campaigns.flatMap(\.assetURLs).filter { seen.insert($0).inserted })
    }

    /// Fetches what the cache lacks of the list's media and of the messages pushes delivered,
    /// one at a time, in the background. Run after every ping, so a failed fetch is tried again.
    func prefetchAssets() {
        prefetch(assets.wanted + held.entries.flatMap(\.campaign.assetURLs))
    }

    private func prefetch(_ urls: [String]) {
        let missing = assetFetches.claim(urls, notIn: assets)
        guard !missing.isEmpty else { return }
        track { core in
            for url in missing { await core.fetchAsset(url) }
        }
    }

    private func fetchAsset(_ url: String) async {
        defer { assetFetches.release(url) }
        guard let target = URL(string: url) else { return }
        do {
            let response = try await environment.transport.send(HTTPRequest(method: "GET", url: target))
            guard response.status == 200, !response.body.isEmpty else {
                return environment.log("Marquee: could not prefetch \(url): HTTP \(response.status)")
            }
            assets.limitBytes = settings.assetCacheLimit
            try assets.store(response.body, for: url)
        } catch {
            // The presenter fetches it when the message shows; nothing is lost but time.
            environment.log("Marquee: could not prefetch \(url): \(error)")
        }
    }

    /// The files the device holds of `message`'s media, by URL, marked used.
    func cachedAssets(of message: Message) -> [String: URL] {
        var files: [String: URL] = [:]
        for url in message.assetURLs {
            if let file = assets.file(for: url) { files[url] = file }
        }
        return files
    }
}
