import Vapor

/// `POST /v1/web/frame`: a campaign's message as a page of its own, for the web SDK's frame.
///
/// The SDK submits a form into the frame (target = the frame's name), so the frame holds a
/// document fetched from here with this answer's policy, never the embedding page's. A form
/// post reads nothing back into the page, so it needs no CORS. The page's bridge reports what
/// the user does to the framing page (``MarqueeRender/BridgeMessage``).
struct MessageFrameController {
    @Sendable func frame(req: Request) async throws -> Response {
        let app = try req.sdkCaller.app
        let form = try MessageFrameForm(req)
        let snapshot = try await req.marquee.catalog.snapshot(appID: app.id, version: app.campaignsVersion, on: req.db)
        return try await MessageFrame(form: form, snapshot: snapshot, webOrigins: app.settings.webOrigins).response(on: req)
    }
}
