import MarqueeModel
import Vapor

extension Request {
    /// Decodes the JSON body with Marquee's coders; an empty, oversized or malformed body is a 4xx
    /// error that says what is wrong. Under the strict ``InputPolicy`` unknown keys are errors too.
    /// Bodies every device sends are read by ``JSONScanner`` first (``ScannedJSON``).
    func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        let data = try jsonBody()
        do {
            switch inputPolicy {
            case .strict: return try StrictJSON.decode(type, from: data)
            case .lenient:
                if let scannable = T.self as? any ScannedJSON.Type {
                    if let value = scannable.scanned(from: Array(data)) as? T { return value }
                    // Counted, so that a key the scanner misses shows on /metrics rather than as a slow path.
                    ServerMetrics.scannerFellBack(body: T.self)
                }
                return try MarqueeJSON.decoder().decode(type, from: data)
            }
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: .invalidBody, APIErrorMiddleware.describe(error))
        } catch let error as APIError {
            throw error
        } catch {
            // Whatever else a decoder throws is about the body, never the server's fault.
            throw APIError.unreadableBody
        }
    }

    /// The body's bytes: present, and within ``RequestLimits/maxBodyBytes``.
    func jsonBody() throws -> Data {
        guard let body = body.data, body.readableBytes > 0 else {
            throw APIError(.badRequest, code: .invalidBody, "the request needs a JSON body")
        }
        // Vapor enforces the limit while streaming; this also covers bodies handed over already collected.
        guard body.readableBytes <= RequestLimits.maxBodyBytes else {
            throw APIError(.payloadTooLarge, code: .bodyTooLarge, "the request body is larger than \(RequestLimits.maxBodyBytes) bytes")
        }
        return Data(buffer: body)
    }
}

extension APIError {
    static let unreadableBody = APIError(.badRequest, code: .invalidBody,
                                         "the body is not JSON this server can read (numbers must fit in 64-bit floating point)")
}

/// Limits on what a client may send.
enum RequestLimits {
    static let maxBodyBytes = 1 << 20
}

extension Request {
    /// The query parameter `name` as a whole number: `nil` when absent, a 400 naming it when it
    /// is there but not a number (`?offset=null` is not 0).
    func integerQuery(_ name: String) throws -> Int? {
        guard let text = query[String.self, at: name] else { return nil }
        guard let value = Int(text) else {
            throw APIError(.badRequest, code: .invalidQuery, "\(name) must be a whole number",
                           fields: [ValidationIssue(field: name, message: "must be a whole number")])
        }
        return value
    }
}
