import CompressNIO
import Crypto
import Foundation
import MarqueeModel
import NIOCore

/// The web SDK's built files as the server sends them, prepared once from the binary
/// (``EmbeddedResources/webSDKBase64``): their bytes, gzipped bytes, content type and tag.
struct WebSDKFile: Sendable {
    let bytes: ByteBuffer
    let gzipped: ByteBuffer
    let contentType: String
    /// A strong validator of the file's bytes (the gzipped answer carries its own).
    let eTag: String

    init(name: String, bytes data: Data) {
        bytes = ByteBuffer(data: data)
        var compressing = bytes
        gzipped = (try? compressing.compress(with: .gzip(), allocator: ByteBufferAllocator())) ?? bytes
        contentType = Self.contentType(of: name)
        eTag = "\"" + String(SHA256.hash(data: data).lowercaseHex.prefix(32)) + "\""
    }

    /// Scripts and modules as JavaScript, the type declarations as text.
    static func contentType(of name: String) -> String {
        if name.hasSuffix(".js") || name.hasSuffix(".mjs") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".d.ts") { return "text/plain; charset=utf-8" }
        if name.hasSuffix(".map") { return "application/json; charset=utf-8" }
        return "application/octet-stream"
    }
}

/// The files of the web SDK this release serves, by name.
enum WebSDKBundle {
    /// The version in the bundle's URL: the release's, so each release's files have a URL of their own.
    static let version = MarqueeVersion.current

    static let files: [String: WebSDKFile] = EmbeddedResources.webSDKBase64.reduce(into: [:]) { files, entry in
        guard let data = Data(base64Encoded: entry.value) else { return }
        files[entry.key] = WebSDKFile(name: entry.key, bytes: data)
    }
}
