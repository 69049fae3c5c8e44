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
        guard let app = try await marquee.directory.app(subscriptionID: subscriptionID, on: db) else {
            throw APIError.unknownSubscription
        }
        return app
    }

    var deviceID: String? {
        headers.first(name: ProtocolHeader.deviceID).flatMap { $0.isEmpty ? nil : $0 }
    }
}

