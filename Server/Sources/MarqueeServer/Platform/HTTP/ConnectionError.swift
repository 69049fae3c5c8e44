import Foundation
import NIOCore
import NIOHTTP1

/// A request refused by the connection layer, before any route sees it: answered with the one
/// JSON error body and `Connection: close`, because the rest of the connection cannot be trusted.
struct ConnectionError: Error, Sendable, Equatable {
    var status: HTTPResponseStatus
    var code: ErrorCode
    var message: String

    static func headerTooLarge(_ limit: Int) -> ConnectionError {
        ConnectionError(status: .requestHeaderFieldsTooLarge, code: .headerTooLarge,
                        message: "the request line and headers are larger than \(limit) bytes")
    }

    static func uriTooLong(_ limit: Int) -> ConnectionError {
        ConnectionError(status: .uriTooLong, code: .uriTooLong, message: "the request target is longer than \(limit) bytes")
    }

    static func bodyTooLarge(_ limit: Int) -> ConnectionError {
        ConnectionError(status: .payloadTooLarge, code: .bodyTooLarge, message: "the request body is larger than \(limit) bytes")
    }

    static func headerTimeout(_ seconds: Int) -> ConnectionError {
        ConnectionError(status: .requestTimeout, code: .headerTimeout,
                        message: "the request head did not arrive within \(seconds) seconds")
    }

    static func bodyTimeout(_ seconds: Int) -> ConnectionError {
        ConnectionError(status: .requestTimeout, code: .bodyTimeout,
                        message: "the request body did not arrive within \(seconds) seconds")
    }

    static func malformed(_ error: HTTPParserError) -> ConnectionError {
        switch error {
        case .headerOverflow:
            ConnectionError(status: .requestHeaderFieldsTooLarge, code: .headerTooLarge, message: "the request headers are too large")
        case .invalidContentLength, .unexpectedContentLength:
            ConnectionError(status: .badRequest, code: .invalidContentLength, message: "the Content-Length header is not valid")
        default:
            ConnectionError(status: .badRequest, code: .malformedRequest, message: "the request is not valid HTTP/1.1")
        }
    }

    /// The response head, with the length of ``body``.
    func head(bodyLength: Int) -> HTTPResponseHead {
        let headers = HTTPHeaders([
            ("Content-Type", "application/json; charset=utf-8"), ("Content-Length", String(bodyLength)),
            ("Connection", "close"), ("Cache-Control", "no-store"), ("Date", HTTPDate.now()),
        ])
        return HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    }

    /// `{"error": {"code": …, "message": …}}`.
    func body(allocator: ByteBufferAllocator) -> ByteBuffer {
        let detail = ErrorBody(error: .init(code: code.rawValue, message: message))
        return allocator.buffer(bytes: (try? JSONEncoder().encode(detail)) ?? Data())
    }

    /// The whole response as bytes, for handlers that sit below the HTTP encoder.
    func serialized(allocator: ByteBufferAllocator) -> ByteBuffer {
        let body = body(allocator: allocator)
        let head = head(bodyLength: body.readableBytes)
        var bytes = allocator.buffer(capacity: 256 + body.readableBytes)
        bytes.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in head.headers { bytes.writeString("\(name): \(value)\r\n") }
        bytes.writeString("\r\n")
        bytes.writeImmutableBuffer(body)
        return bytes
    }
}
