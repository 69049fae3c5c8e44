import Vapor

/// The web dashboard: static files that talk to the admin API from the browser.
struct DashboardController {
    private static let javaScript = HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"])

    /// The content type of a dashboard file, by its extension (the scripts are ES modules).
    static func contentType(of name: String) -> HTTPMediaType? {
        switch name.split(separator: ".").last {
        case "html": .html
        case "js": javaScript
        case "css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"])
        default: nil
        }
    }

    /// Scripts and styles come only from the dashboard's own files. Previews are pages of their
    /// own (``PreviewFrameController``) with their own policy, so this one need admit nothing
    /// that a message needs.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "frame-src 'self'", "connect-src 'self'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    @Sendable func page(req: Request) async throws -> Response {
        try serve("index.html")
    }

    @Sendable func asset(req: Request) async throws -> Response {
        guard let name = req.parameters.get("asset"), name != "index.html" else { throw APIError.notFound("dashboard file") }
        return try serve(name)
    }

    /// A file of the dashboard, from the binary itself (``EmbeddedResources``); an unknown name is a 404.
    private func serve(_ name: String) throws -> Response {
        guard let content = EmbeddedResources.dashboard[name], let type = Self.contentType(of: name) else {
            throw APIError.notFound("dashboard file")
        }
        var headers = HTTPHeaders()
        headers.contentType = type
        headers.add(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: .cacheControl, value: "no-cache")
        return Response(status: .ok, headers: headers, body: .init(string: content))
    }
}
