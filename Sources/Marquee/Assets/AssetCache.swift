import Foundation
import MarqueeModel

/// The images and videos of the campaigns a device holds, kept on disk so that a message shows
/// at once, without a download, when its trigger fires.
///
/// Bounded: when the files pass ``limitBytes`` the least recently used go first (an asset is
/// used when it is stored or shown). One asset larger than a quarter of the limit is not kept.
/// Files are written atomically and named by a hash of their URL; the index (sizes, last use,
/// and the URLs the current list wants) is a small JSON file beside them. A file missing from
/// disk is simply fetched again.
struct AssetCache {
    /// 50 MB by default (``MarqueeSDK/assetCacheLimit``).
    static let defaultLimitBytes = 50 * 1024 * 1024
    static let directoryName = "assets"
    private static let indexName = "index.json"

    struct Entry: Codable, Hashable {
        var file: String
        var bytes: Int
        /// When it was last stored or shown, as a count of uses: exact order, whatever the clock.
        var lastUse: Int
    }

    private struct Index: Codable {
        var entries: [String: Entry] = [:]
        var wanted: [String] = []
    }

    let directory: URL
    var limitBytes: Int
    /// By remote URL.
    private(set) var entries: [String: Entry]
    /// The media of the campaigns the device holds, as of the last list a ping brought: what each
    /// ping makes sure is here (the list itself keeps no messages in memory).
    private(set) var wanted: [String]

    init(storageDirectory: URL, limitBytes: Int = defaultLimitBytes) {
        directory = storageDirectory.appendingPathComponent(Self.directoryName, isDirectory: true)
        self.limitBytes = limitBytes
        let index = (try? Data(contentsOf: directory.appendingPathComponent(Self.indexName)))
            .flatMap { try? JSONDecoder().decode(Index.self, from: $0) } ?? Index()
        entries = index.entries
        wanted = index.wanted
    }

    /// Sets the media of the current list.
    mutating func want(_ urls: [String]) {
        guard urls != wanted else { return }
        wanted = urls
        saveIndex()
    }

    var totalBytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }

    /// The next use's place in the order.
    private var nextUse: Int { (entries.values.map(\.lastUse).max() ?? 0) + 1 }

    /// Whether `url` is held (and its file is still there).
    func contains(_ url: String) -> Bool {
        guard let entry = entries[url] else { return false }
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent(entry.file).path)
    }

    /// The file of `url`, marking it used; `nil` when it is not held.
    mutating func file(for url: String) -> URL? {
        guard contains(url), var entry = entries[url] else { return nil }
        entry.lastUse = nextUse
        entries[url] = entry
        saveIndex()
        return directory.appendingPathComponent(entry.file)
    }

    /// Keeps `data` as the asset of `url`, then evicts the least recently used assets beyond the limit.
    mutating func store(_ data: Data, for url: String) throws {
        guard data.count <= limitBytes / 4 else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = String(StableHash.mixed(url), radix: 16) + Self.pathExtension(of: url)
        try data.write(to: directory.appendingPathComponent(name), options: .atomic)
        entries[url] = Entry(file: name, bytes: data.count, lastUse: nextUse)
        evict(keeping: url)
        saveIndex()
    }

    /// Drops the least recently used assets until the rest fit the limit; `kept` stays.
    private mutating func evict(keeping kept: String) {
        var total = totalBytes
        for (url, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where total > limitBytes && url != kept {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry.file))
            entries[url] = nil
            total -= entry.bytes
        }
    }

    private func saveIndex() {
        guard let data = try? JSONEncoder().encode(Index(entries: entries, wanted: wanted)) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: directory.appendingPathComponent(Self.indexName), options: .atomic)
    }

    /// `.png`, `.mp4`…: what players look at to decide how to read a local file.
    private static func pathExtension(of url: String) -> String {
        let ext = URL(string: url)?.pathExtension.lowercased() ?? ""
        return ext.isEmpty || ext.count > 5 || !ext.allSatisfy({ $0.isLetter || $0.isNumber }) ? "" : "." + ext
    }
}
