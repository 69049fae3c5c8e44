import CompressNIO
import Vapor

/// Gzips response bodies for clients that accept it: the SDK API's pings grow with the number of
/// campaigns, and JSON compresses several times over. Small bodies are sent as they are (the
/// header and checksum would outweigh the saving), and so is anything already encoded.
///
/// Only routes that never echo a secret next to attacker-chosen text use it: compressing such
/// responses over TLS lets a length-observing attacker guess the secret (BREACH).
struct GzipMiddleware: AsyncMiddleware {
    /// Bodies shorter than this are not worth compressing.
    static let minimumBytes = 1024

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        guard !response.headers.contains(name: .contentEncoding),
              var body = response.body.buffer, body.readableBytes >= Self.minimumBytes,
              Self.accepts(request.headers[.acceptEncoding]) else {
            if !response.headers.contains(name: .contentEncoding) { response.headers.add(name: .vary, value: "Accept-Encoding") }
            return response
        }
        let compressed = try body.compress(with: .gzip(), allocator: request.byteBufferAllocator)
        response.body = .init(buffer: compressed)
        response.headers.replaceOrAdd(name: .contentEncoding, value: "gzip")
        response.headers.add(name: .vary, value: "Accept-Encoding")
        return response
    }

    /// Whether an `Accept-Encoding` header admits gzip (`gzip`, `x-gzip` or `*`, unless given `q=0`).
    /// Every device request asks, so the header is read in place, without making strings.
    static func accepts(_ values: [String]) -> Bool {
        values.contains { value in
            value.utf8.split(separator: UInt8(ascii: ",")).contains { item in
                let parts = item.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
                guard let coding = parts.first.map(trimmed), codings.contains(where: { equalsIgnoringCase(coding, $0) }) else {
                    return false
                }
                let quality = parts.dropFirst().lazy.map(trimmed).first { $0.starts(with: "q=".utf8) || $0.starts(with: "Q=".utf8) }
                return quality.map { isPositive($0.dropFirst(2)) } ?? true
            }
        }
    }

    private static let codings: [String.UTF8View] = ["gzip".utf8, "x-gzip".utf8, "*".utf8]

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let end = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[start...end]
    }

    private static func equalsIgnoringCase(_ bytes: Substring.UTF8View.SubSequence, _ lowercase: String.UTF8View) -> Bool {
        bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// Whether a quality value (`0`, `0.5`, `1.000`) is above zero: any non-zero digit.
    private static func isPositive(_ quality: Substring.UTF8View.SubSequence) -> Bool {
        quality.contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
    }
}
