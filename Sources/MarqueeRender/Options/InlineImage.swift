import Foundation

/// An image the device already holds, written into the document as a `data:` URL instead of its
/// remote address, so a prefetched image shows at once and is never downloaded twice.
///
/// Only the raster formats every web view decodes are accepted, recognised by their first bytes
/// rather than by a file name or a server's word: PNG, JPEG, GIF and WebP.
public struct InlineImage: Sendable, Hashable {
    public let mimeType: String
    public let data: Data

    /// `nil` when `data` is not a PNG, JPEG, GIF or WebP image.
    public init?(data: Data) {
        guard let type = Self.sniff(data) else { return nil }
        mimeType = type
        self.data = data
    }

    /// The `data:` URL of the image.
    var dataURL: String { "data:\(mimeType);base64,\(data.base64EncodedString())" }

    private static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if bytes.count == 12, starts(Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }
}
