import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// Resolves the ``SDKCaller`` of every request on the SDK routes, once: the app from its
/// subscription ID (the `Subscription-Id` header, else a body's `subscriptionId`, as some clients
/// send it with display permission, else a form's `subscriptionID`, as the web SDK posts its
/// message frame, which cannot send headers), from the in-memory directory; the device; the
/// user's signature. An unknown or missing subscription ID stops the request here.
struct SDKCallerMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let deviceID = request.deviceID, !IdentifierLimits.fits(deviceID, IdentifierLimits.deviceID) {
            throw APIError.identifierTooLong([ProtocolHeader.deviceID], limit: IdentifierLimits.deviceID)
        }
        let app = try await Self.app(of: request)
        request.storage[SDKCallerKey.self] = SDKCaller(
            app: app, deviceID: request.deviceID, signature: request.headers.first(name: ProtocolHeader.userSignature),
            now: request.marquee.clock.now())
        return try await next.respond(to: request)
    }

    /// The app the request's subscription ID names, looked up once per request: the web origin
    /// check (``DeviceCORSMiddleware``) needs it before this middleware runs.
    static func app(of request: Request) async throws -> App {
        if let app = request.storage[SubscribedAppKey.self] { return app }
        guard let subscriptionID = try request.headers.first(name: ProtocolHeader.subscriptionID).nonEmpty
                ?? Self.bodySubscriptionID(of: request) else {
            throw request.headers.contentType == .urlEncodedForm ? APIError.missingFormSubscription : APIError.missingSubscription
        }
        guard let app = try await request.marquee.directory.app(subscriptionID: subscriptionID, on: request.db) else {
            throw APIError.unknownSubscription
        }
        request.storage[SubscribedAppKey.self] = app
        return app
    }

    private struct BodySubscription: Decodable {
        var subscriptionId: String?
    }

    private static func bodySubscriptionID(of request: Request) throws -> String? {
        guard let body = request.body.data, body.readableBytes > 0, body.readableBytes <= RequestLimits.maxBodyBytes else { return nil }
        if request.headers.contentType == .urlEncodedForm {
            let field = (try? request.content.get(String.self, at: formField)).nonEmpty
            if let field, field.utf8.count > maxSubscriptionIDBytes {
                throw APIError.validation([ValidationIssue(field: formField, message: IdentifierLimits.atMost(maxSubscriptionIDBytes))])
            }
            return field
        }
        return (try? MarqueeJSON.decoder().decode(BodySubscription.self, from: Data(buffer: body)))?.subscriptionId.nonEmpty
    }

    /// The form field that names the app, when a form is posted.
    static let formField = "subscriptionID"
    /// An app's subscription ID is at most 100 ASCII characters (``AppSettings``).
    static let maxSubscriptionIDBytes = 100
}

private struct SDKCallerKey: StorageKey {
    typealias Value = SDKCaller
}

private struct SubscribedAppKey: StorageKey {
    typealias Value = App
}

extension Request {
    /// Who is calling this SDK route, as ``SDKCallerMiddleware`` resolved it.
    var sdkCaller: SDKCaller {
        get throws { try resolved(SDKCallerKey.self, by: "SDKCallerMiddleware") }
    }

    /// The device's `device_id` header, when it has one.
    var deviceID: String? {
        headers.first(name: ProtocolHeader.deviceID).nonEmpty
    }
}

extension Optional where Wrapped == String {
    /// The string, unless it is missing or empty.
    var nonEmpty: String? {
        flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension APIError {
    /// A form post (the web SDK's message frame) that names no app.
    static let missingFormSubscription = APIError(
        .badRequest, code: .missingSubscriptionId, "the form field \(SDKCallerMiddleware.formField) is required",
        fields: [ValidationIssue(field: SDKCallerMiddleware.formField, message: "is required")])
}
