import Crypto
import Foundation
import Vapor

/// `GET /pair?code=…`: what a phone shows when a pairing's QR code is scanned outside the app.
/// The app itself hands the URL to `MarqueeSDK.pair(url:)` and never loads this page.
struct PairingPageController {
    /// The page's one style sheet, inline.
    private static let style = "body{font:18px/1.5 system-ui,sans-serif;margin:2rem;max-width:32rem}"
        + "strong{font-family:ui-monospace,monospace;letter-spacing:.1em}"

    /// The page loads nothing and runs nothing: only its own style, admitted by its hash, so
    /// whatever a link puts on the page cannot bring in a script, a form or a frame around it.
    static let contentSecurityPolicy = [
        "default-src 'none'", "style-src 'sha256-\(Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString())'",
        "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    @Sendable func page(req: Request) async throws -> Response {
        let code = req.query[String.self, at: PairingLink.codeItem].flatMap(PairingCode.normalized)
        let text = code.map { "Open the app on this device and enter the code <strong>\($0)</strong> where it asks to pair with Marquee." }
            ?? "This link pairs a device with the Marquee dashboard. Make a new code in the dashboard."
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>Pair with Marquee</title><style>\(Self.style)</style></head>
            <body><h1>Pair with Marquee</h1><p>\(text)</p></body></html>
            """
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.add(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: .cacheControl, value: "no-store")
        return Response(status: code == nil ? .notFound : .ok, headers: headers, body: .init(string: html))
    }
}
