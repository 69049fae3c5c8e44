import Vapor

/// `GET /pair?code=…`: what a phone shows when a pairing's QR code is scanned outside the app.
/// The app itself hands the URL to `MarqueeSDK.pair(url:)` and never loads this page.
struct PairingPageController {
    @Sendable func page(req: Request) async throws -> Response {
        let code = req.query[String.self, at: PairingLink.codeItem].flatMap(PairingCode.normalized)
        let text = code.map { "Open the app on this device and enter the code <strong>\($0)</strong> where it asks to pair with Marquee." }
            ?? "This link pairs a device with the Marquee dashboard. Make a new code in the dashboard."
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>Pair with Marquee</title><style>body{font:18px/1.5 system-ui,sans-serif;margin:2rem;max-width:32rem}
            strong{font-family:ui-monospace,monospace;letter-spacing:.1em}</style></head>
            <body><h1>Pair with Marquee</h1><p>\(text)</p></body></html>
            """
        return Response(status: code == nil ? .notFound : .ok,
                        headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"], body: .init(string: html))
    }
}
