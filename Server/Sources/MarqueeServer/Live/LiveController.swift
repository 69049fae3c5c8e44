import Foundation
import Vapor

/// `GET /v1/live`: the Marquee SDK's live channel, held while its app is in the foreground.
///
/// Server-Sent Events: `catalog` when the app's campaigns change (the id is the catalog version;
/// a device reconnecting with an older `Last-Event-ID` is told at once), and `preview` and `debug`
/// for a paired device. Identity is the SDK routes' own (``SDKCallerMiddleware``).
struct LiveController {
    @Sendable func live(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        let lastVersion = req.headers.first(name: "Last-Event-ID").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard let stream = req.marquee.live.open(appID: caller.app.id, deviceID: caller.deviceID,
                                                  catalogVersion: caller.app.campaignsVersion, lastVersion: lastVersion) else {
            throw APIError(.serviceUnavailable, code: .liveConnectionsFull,
                           "this server holds its most live connections (\(req.marquee.live.maximum)); pings still work",
                           headers: ["Retry-After": "60"])
        }
        if let deviceID = caller.deviceID {
            try await req.marquee.pairedDevices.resume(deviceID: deviceID, of: caller.app.id, store: req.pairingStore)
        }
        return .streaming(stream, headers: ["Content-Type": "text/event-stream; charset=utf-8"])
    }
}
