import Foundation
import Marquee
import MarqueeRender
import Testing

/// The app's font files are found by the names messages use, whatever their case, and only font
/// files are carried into pages.
struct BundledFontFilesTests {
    static let trueType = Data([0x00, 0x01, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x80])

    @Test func aFontIsFoundByAnyOfItsNamesAndReadOnce() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-fonts-\(UUID().uuidString).app")
        defer { try? FileManager.default.removeItem(at: bundle) }
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
        try Self.trueType.write(to: bundle.appendingPathComponent("Fonts/BrandSans.ttf"))
        try Data("not a font".utf8).write(to: bundle.appendingPathComponent("Fonts/Broken.ttf"))
        let info = ["UIAppFonts": ["Fonts/BrandSans.ttf", "Fonts/Broken.ttf", "Fonts/Missing.ttf"]]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: bundle.appendingPathComponent("Info.plist"))
        let app = try #require(Bundle(url: bundle))

        let names: [String: [String]] = ["BrandSans.ttf": ["BrandSans-Regular", "Brand Sans"], "Broken.ttf": ["Broken"]]
        let files = BundledFontFiles(bundle: app) { names[$0.lastPathComponent] ?? [] }
        let found = files.fonts(named: ["brand sans", "Broken", "Helvetica"])
        #expect(found.map(\.family) == ["brand sans"], "found by its family name in any case; a broken file and a system font are not")
        #expect(found.first?.data == Self.trueType)
        #expect(files.fonts(named: ["BRANDSANS-REGULAR"]).map(\.family) == ["BRANDSANS-REGULAR"], "and by its PostScript name")

        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Fonts/BrandSans.ttf"))
        #expect(files.fonts(named: ["Brand Sans"]).count == 1, "a font's file is read once")
    }
}
