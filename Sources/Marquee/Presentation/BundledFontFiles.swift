import Foundation
import MarqueeRender

/// The app's own font files, found by the names messages use, for the pages that carry them
/// (``MarqueeRender/EmbeddedFont``): a web view draws out of the app's process and does not see
/// the fonts the app registered for itself.
///
/// The files are those the app's Info.plist lists under `UIAppFonts` (paths inside the bundle),
/// each known by the names `names` reads from it (on Apple platforms, Core Text's PostScript,
/// display and family names, as `UIFont(name:)` finds them). Names compare without regard to
/// case, as CSS compares font families. The list is read once, a font's file at its first use.
public final class BundledFontFiles: @unchecked Sendable {
    // @unchecked Sendable: `index` and `found` are only touched while `lock` is held.
    private let lock = NSLock()
    private let files: [URL]
    private let names: @Sendable (URL) -> [String]
    private var index: [(names: Set<String>, url: URL)]?
    private var found: [String: EmbeddedFont?] = [:]

    /// The fonts of `files`, each known by what `names` reads from it.
    public init(files: [URL], names: @escaping @Sendable (URL) -> [String]) {
        self.files = files
        self.names = names
    }

    /// The fonts `bundle`'s Info.plist lists under `UIAppFonts`.
    public convenience init(bundle: Bundle, names: @escaping @Sendable (URL) -> [String]) {
        let listed = bundle.object(forInfoDictionaryKey: "UIAppFonts") as? [String] ?? []
        self.init(files: listed.map { bundle.bundleURL.appendingPathComponent($0) }, names: names)
    }

    /// The bundled fonts among `requested`, each under the name it was asked by; a name no file
    /// goes by, or a file that is not a usable font, is the system's to resolve.
    public func fonts(named requested: [String]) -> [EmbeddedFont] {
        lock.locked {
            let index = self.index ?? files.map { url in (Set(names(url).map { $0.lowercased() }), url) }
            self.index = index
            return requested.compactMap { name in
                let key = name.lowercased()
                if let known = found[key] { return known }
                let font = index.first { $0.names.contains(key) }
                    .flatMap { try? Data(contentsOf: $0.url) }
                    .flatMap { EmbeddedFont(family: name, data: $0) }
                found[key] = font
                return font
            }
        }
    }
}
