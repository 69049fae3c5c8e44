import MarqueeModel
import MarqueeWire
import Vapor

/// The SDK routes that report what devices showed and what users did: impressions (the
/// RInAppMessaging protocol) and conversions (a Marquee extension). Each works for the
/// ``Request/sdkCaller`` that ``SDKCallerMiddleware`` resolved.
struct AnalyticsSDKController {
    /// `POST /v1/impression`: store one display's interactions, once per batch.
    @Sendable func impression(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let body = try req.decodeJSON(ImpressionRequest.self)
        let identity = try caller.identity(claimedBy: body.userIdentifiers, for: .recording)
        let recorder = ImpressionRecorder(database: req.db, app: caller.app, clock: req.marquee.clock, writer: req.marquee.impressionWriter,
                                          catalog: req.marquee.catalog)
        let stored = try await recorder.record(body, as: identity, deviceID: caller.deviceID)
        if stored { ServerMetrics.impressionsIngested(body.impressions.count) }
        return try ImpressionReceipt.response(stored: stored)
    }

    /// `POST /v1/conversion` (Marquee extension): a user reached a campaign's goal; counted once
    /// per user per campaign.
    @Sendable func conversion(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let body = try req.decodeJSON(ConversionRequest.self)
        let identity = try caller.identity(claimedBy: body.userIdentifiers, for: .recording)
        let recorder = ConversionRecorder(database: req.db, changes: req.marquee.userChanges, app: caller.app, clock: req.marquee.clock, catalog: req.marquee.catalog)
        return try Response.json(try await recorder.record(body, as: identity, deviceID: caller.deviceID))
    }
}

/// The impression endpoint's answer (RInAppMessaging clients ignore the body).
struct ImpressionReceipt: Codable {
    /// `false` when the batch had been received before and was not counted again.
    var stored: Bool

    /// Both answers, each encoded once.
    private static let encoded = [false, true].map { try? MarqueeJSON.encoder().encode(ImpressionReceipt(stored: $0)) }

    static func response(stored: Bool) throws -> Response {
        guard let body = encoded[stored ? 1 : 0] else { return try Response.json(ImpressionReceipt(stored: stored)) }
        return Response.json(encoded: body)
    }
}
