import MarqueeModel
import MarqueeWire
import Vapor

/// The SDK route that stores survey answers (a Marquee extension), for the ``Request/sdkCaller``
/// that ``SDKCallerMiddleware`` resolved.
struct SurveySDKController {
    /// `POST /v1/survey` (Marquee extension): one display's survey answers; stored once per
    /// display, naming the user the identifiers name (no one when the user denied tracking).
    @Sendable func survey(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let body = try req.decodeJSON(SurveyResponseRequest.self)
        let identity = try caller.identity(claimedBy: body.userIdentifiers, for: .recording)
        let recorder = SurveyRecorder(database: req.db, changes: req.marquee.userChanges, app: caller.app, clock: req.marquee.clock, catalog: req.marquee.catalog)
        return try Response.json(try await recorder.record(body, as: identity, deviceID: caller.deviceID))
    }
}
