import Vapor

/// Serves the demo's images (`/demo/assets/:name.svg`), drawn here so the demo needs no network.
struct DemoAssetsController {
    @Sendable func asset(req: Request) async throws -> Response {
        let name = req.parameters.get("name") ?? ""
        let palette: [String: (String, String, String)] = [
            "welcome.svg": ("#1D4ED8", "#60A5FA", "Marquee"),
            "gallery.svg": ("#7C3AED", "#F472B6", "Gallery"),
            "tooltip.svg": ("#059669", "#34D399", "Tip"),
        ]
        guard let (from, to, label) = palette[name] else { throw APIError.notFound("asset") }
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="\(from)"/><stop offset="1" stop-color="\(to)"/></linearGradient></defs>
        <rect width="640" height="320" fill="url(#g)"/>
        <text x="320" y="180" font-family="sans-serif" font-size="64" fill="#fff" text-anchor="middle">\(label)</text>
        </svg>
        """
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "image", subType: "svg+xml")
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=86400")
        return Response(status: .ok, headers: headers, body: .init(string: svg))
    }
}
