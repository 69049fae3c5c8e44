import Foundation

/// A font the app bundles, written into the document as an `@font-face` with a `data:` URL.
/// A web view renders out of the app's process (WKWebView does), so the fonts the app registered
/// for itself are not there; without the file in the page, a brand font falls back to the system's.
///
/// Only the formats every web view decodes are accepted, recognised by their first bytes rather
/// than by a file name: TrueType, OpenType, WOFF and WOFF2.
public struct EmbeddedFont: Sendable, Hashable {
    /// The name messages ask for in `font-family`: the font name the app configured.
    public let family: String
    public let mimeType: String
    public let data: Data

    /// Larger files are not embedded. Japanese, Chinese and Korean families are 5 to 20 MB, so
    /// the bound leaves room for them; the page carries the file in base64 (a third larger) once
    /// per display, and every display of a message that uses it pays that.
    public static let maxBytes = 24_000_000

    /// `nil` when `data` is not a font file, is larger than ``maxBytes``, or `family` is blank.
    public init?(family: String, data: Data) {
        let name = family.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, data.count <= Self.maxBytes, let type = Self.sniff(data) else { return nil }
        self.family = name
        mimeType = type
        self.data = data
    }

    /// The `data:` URL of the file.
    var dataURL: String { "data:\(mimeType);base64,\(data.base64EncodedString())" }

    private static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(4))
        if bytes == [0x00, 0x01, 0x00, 0x00] || bytes == Array("true".utf8) { return "font/ttf" }
        if bytes == Array("OTTO".utf8) { return "font/otf" }
        if bytes == Array("wOFF".utf8) { return "font/woff" }
        if bytes == Array("wOF2".utf8) { return "font/woff2" }
        return nil
    }
}
