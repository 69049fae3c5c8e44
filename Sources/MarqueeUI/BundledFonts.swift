#if canImport(UIKit) && canImport(CoreText)
import CoreText
import Foundation
import Marquee

extension BundledFontFiles {
    /// The app's fonts, known by the PostScript, display and family names Core Text reads from
    /// each file.
    static let main = BundledFontFiles(bundle: .main) { url in
        guard let descriptors = CTFontManagerCreateFontDescriptorsFromURL(url as CFURL) as? [CTFontDescriptor] else { return [] }
        return descriptors.flatMap { descriptor in
            [kCTFontNameAttribute, kCTFontDisplayNameAttribute, kCTFontFamilyNameAttribute]
                .compactMap { CTFontDescriptorCopyAttribute(descriptor, $0) as? String }
        }
    }
}
#endif
