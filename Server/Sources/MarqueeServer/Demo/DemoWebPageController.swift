import MarqueeModel
import Vapor

/// `GET /demo/web` and `GET /demo/web/{file}`: a small web app using the web SDK against the demo
/// app (``DemoSeeder``), from the binary itself (``EmbeddedResources/demoPage``). It runs under
/// the strictest policy a page can have, only this server's own scripts, styles and frames, so it
/// shows the SDK needs no exception in a page's Content-Security-Policy.
struct DemoWebPageController {
    /// The page's policy: nothing inline, nothing evaluated, nothing from elsewhere.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "frame-src 'self'",
        "connect-src 'self'", "form-action 'self'", "base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The page's files: the binary's own, or a test's.
    var files: [String: String] = EmbeddedResources.demoPage

    @Sendable func page(req: Request) async throws -> Response {
        try response(for: "index.html")
    }

    @Sendable func file(req: Request) async throws -> Response {
        guard let name = req.parameters.get("file"), name != "index.html" else { throw APIError.notFound("demo page file") }
        return try response(for: name)
    }

    private func response(for name: String) throws -> Response {
        guard let content = files[name], let type = Self.contentType(of: name) else { throw APIError.notFound("demo page file") }
        // The page loads this release's SDK, under its versioned URL.
        let body = name == "index.html" ? content.replacingOccurrences(of: "{{version}}", with: MarqueeVersion.current) : content
        return Response(status: .ok, headers: [
            "Content-Type": type,
            "Content-Security-Policy": Self.contentSecurityPolicy,
            "Cache-Control": "no-cache",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        ], body: .init(string: body))
    }

    static func contentType(of name: String) -> String? {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        return nil
    }
}
