import Vapor

/// One structured log line per request, once it is answered: method, path (never the query,
/// which may carry personal data), the route it matched, status, duration and client address.
/// The logger already carries the request's `request-id`.
struct AccessLogMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next.respond(to: request)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        request.logger.info("request", metadata: [
            "method": "\(request.method.rawValue)",
            "path": "\(request.url.path)",
            "route": "\(request.route.map { "/" + $0.path.map(\.description).joined(separator: "/") } ?? "-")",
            "status": "\(response.status.code)",
            "duration_ms": "\(String(format: "%.2f", milliseconds))",
            "client": "\(request.remoteAddress?.ipAddress ?? "-")",
        ])
        return response
    }
}
