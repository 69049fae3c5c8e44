#if canImport(UIKit) && canImport(CoreText)
import CoreText
import Foundation
import MarqueeRender

/// The app's own font files, found by the names messages use, for the pages that carry them
/// (``MarqueeRender/EmbeddedFont``): the files the app's Info.plist lists under `UIAppFonts`,
/// matched by PostScript, display or family name, as `UIFont(name:)` finds them. The list is
/// read once, and each font's file at its first use.
@MainActor
final class BundledFonts {
    static let main = BundledFonts(bundle: .main)

    private let bundle: Bundle
    /// Each listed file and the names its fonts go by, in lower case.
    private lazy var files: [(names: Set<String>, url: URL)] = (bundle.object(forInfoDictionaryKey: "UIAppFonts") as? [String] ?? [])
        .compactMap { path in
            let url = bundle.bundleURL.appendingPathComponent(path)
            guard let descriptors = CTFontManagerCreateFontDescriptorsFromURL(url as CFURL) as? [CTFontDescriptor] else { return nil }
            let names = descriptors.flatMap { descriptor in
                [kCTFontNameAttribute, kCTFontDisplayNameAttribute, kCTFontFamilyNameAttribute]
                    .compactMap { CTFontDescriptorCopyAttribute(descriptor, $0) as? String }
            }
            return (Set(names.map { $0.lowercased() }), url)
        }
    private var found: [String: EmbeddedFont?] = [:]

    init(bundle: Bundle) {
        self.bundle = bundle
    }

    /// The bundled fonts among `names`; a name no listed file has is the system's to resolve.
    func fonts(named names: [String]) -> [EmbeddedFont] {
        names.compactMap { name in
            let key = name.lowercased()
            if let known = found[key] { return known }
            let font = files.first { $0.names.contains(key) }
                .flatMap { try? Data(contentsOf: $0.url) }
                .flatMap { EmbeddedFont(family: name, data: $0) }
            found[key] = font
            return font
        }
    }
}
#endif
