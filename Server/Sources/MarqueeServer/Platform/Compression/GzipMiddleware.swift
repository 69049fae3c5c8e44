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
        guard Self.accepts(request.headers[.acceptEncoding]),
              !response.headers.contains(name: .contentEncoding),
              var body = response.body.buffer, body.readableBytes >= Self.minimumBytes else {
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
    static func accepts(_ values: [String]) -> Bool {
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let coding = parts.first, ["gzip", "x-gzip", "*"].contains(coding) else { continue }
                let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                if quality > 0 { return true }
            }
        }
        return false
    }
}
