#if canImport(UIKit)
import UIKit

/// Loads inbox images for the UIKit views, keeping recent ones in memory.
@MainActor
final class InboxImageLoader {
    static let shared = InboxImageLoader()

    private let cache = NSCache<NSURL, UIImage>()
    private let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
        cache.countLimit = 100
    }

    /// The image at `url`, from memory or the network; `nil` when it cannot be loaded.
    func image(at url: URL) async -> UIImage? {
        if let cached = cache.object(forKey: url as NSURL) { return cached }
        let data: Data? = await withCheckedContinuation { continuation in
            session.dataTask(with: url) { data, response, _ in
                let ok = (response as? HTTPURLResponse).map { (200..<300).contains($0.statusCode) } ?? false
                continuation.resume(returning: ok ? data : nil)
            }.resume()
        }
        guard let data, let image = UIImage(data: data) else { return nil }
        cache.setObject(image, forKey: url as NSURL)
        return image
    }
}
#endif
