import Foundation
import MarqueeWire
import Vapor

/// `GET /v1/live`: the Marquee SDK's live channel, held while its app is in the foreground.
///
/// Server-Sent Events: `catalog` when the app's campaigns change (the id is the catalog version;
/// a device reconnecting with an older `Last-Event-ID` is told at once), and `preview`, `debug`
/// and `unpaired` for a paired device. Identity is the SDK routes' own (``SDKCallerMiddleware``).
/// ``LiveHub`` bounds the channels: in all, per client address, and per device.
struct LiveController {
    static let headers: HTTPHeaders = [
        "Content-Type": "text/event-stream; charset=utf-8",
        // Apple's URL loading holds back the first bytes of an answer it may sniff.
        "X-Content-Type-Options": "nosniff",
    ]

    @Sendable func live(req: Request) async throws -> Response {
        let caller = try req.sdkCaller
        // Vapor answers HEAD with the GET route: say what a GET would be, and keep nothing open.
        guard req.method != .HEAD else { return Response(status: .ok, headers: Self.headers) }
        let lastVersion = req.headers.first(name: "Last-Event-ID").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        // Read before the channel exists, so a failure leaves nothing open behind it.
        var opening: [LiveEvent] = []
        if let deviceID = caller.deviceID {
            opening = await req.marquee.pairedDevices.openingEvents(of: deviceID, in: caller.app.id, store: req.pairingStore,
                                                                    logger: req.logger)
        }
        let hub = req.marquee.live
        switch hub.open(appID: caller.app.id, deviceID: caller.deviceID, address: req.clientAddress,
                        catalogVersion: caller.app.campaignsVersion, lastVersion: lastVersion, initial: opening) {
        case .opened(let stream):
            return .streaming(stream, headers: Self.headers)
        case .full:
            throw APIError(.serviceUnavailable, code: .liveConnectionsFull,
                           "this server holds its most live connections (\(hub.maximum)); pings still work",
                           headers: ["Retry-After": "60"])
        case .addressFull:
            // The same answer as a full server, which devices already handle: they ping as before.
            throw APIError(.serviceUnavailable, code: .liveConnectionsFull,
                           "this address holds its most live connections (\(hub.maximumPerAddress)); pings still work",
                           headers: ["Retry-After": "60"])
        }
    }
}
