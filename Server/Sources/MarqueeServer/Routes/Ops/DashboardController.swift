import Vapor

/// The web dashboard: static files that talk to the admin API from the browser.
struct DashboardController {
    private static let javaScript = HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"])

    /// The files the dashboard is made of (the scripts are ES modules), with their content types.
    static let assets: [String: HTTPMediaType] = [
        "index.html": .html,
        "dashboard.js": javaScript,
        "api.js": javaScript,
        "inbox.js": javaScript,
        "settings.js": javaScript,
        "tester.js": javaScript,
        "composer.js": javaScript,
        "form.js": javaScript,
        "schedule.js": javaScript,
        "capabilities.js": javaScript,
        "campaign-list.js": javaScript,
        "device-frame.js": javaScript,
        "campaign-preview.js": javaScript,
        "campaign-figures.js": javaScript,
        "chart.js": javaScript,
        "conditions.js": javaScript,
        "experiment-form.js": javaScript,
        "audit.js": javaScript,
        "accounts.js": javaScript,
        "dashboard.css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
    ]

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
        guard let name = req.parameters.get("asset"), name != "index.html", Self.assets[name] != nil else {
            throw APIError.notFound("dashboard file")
        }
        return try serve(name)
    }

    private func serve(_ name: String) throws -> Response {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let type = Self.assets[name],
              let url = Bundle.module.url(forResource: parts[0], withExtension: parts[1], subdirectory: "Dashboard") else {
            throw APIError(.internalServerError, code: "internal_error", "the dashboard files are missing")
        }
        var headers = HTTPHeaders()
        headers.contentType = type
        headers.add(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: .cacheControl, value: "no-cache")
        return Response(status: .ok, headers: headers, body: .init(data: try Data(contentsOf: url)))
    }
}
