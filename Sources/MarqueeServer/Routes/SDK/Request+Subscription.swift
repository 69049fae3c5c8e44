import Fluent
import MarqueeModel
import MarqueeWire
import Vapor

extension Request {
    /// The app whose `Subscription-Id` header this SDK request carries.
    func subscribedApp(fallback bodyValue: String? = nil) async throws -> AppRecord {
        let header = headers.first(name: ProtocolHeader.subscriptionID)
        guard let subscriptionID = (header ?? bodyValue).flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw APIError.missingSubscription
        }
        guard let app = try await AppRecord.query(on: db).filter(\.$subscriptionID == subscriptionID).first() else {
            throw APIError.unknownSubscription
        }
        return app
    }

    var deviceID: String? {
        headers.first(name: ProtocolHeader.deviceID).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Decodes a JSON body, insisting on the JSON content type the protocol uses.
    func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        guard let body = body.data, body.readableBytes > 0 else {
            throw APIError(.badRequest, code: "invalid_body", "the request needs a JSON body")
        }
        // Vapor enforces the limit while streaming; this also covers bodies handed over already collected.
        guard body.readableBytes <= RequestLimits.maxBodyBytes else {
            throw APIError(.payloadTooLarge, code: "body_too_large", "the request body is larger than \(RequestLimits.maxBodyBytes) bytes")
        }
        do {
            return try MarqueeJSON.decoder().decode(type, from: Data(buffer: body))
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: "invalid_body", APIErrorMiddleware.describe(error))
        }
    }
}

/// Limits on what a client may send.
enum RequestLimits {
    static let maxBodyBytes = 1 << 20
}
