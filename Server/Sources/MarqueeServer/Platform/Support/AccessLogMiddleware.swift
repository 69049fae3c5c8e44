import Vapor

/// One structured log line per request, once it is answered: method, path (never the query,
/// which may carry personal data), the route it matched, status, duration and client address.
/// The logger already carries the request's `request-id`.
struct AccessLogMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next.respond(to: request)
        guard request.logger.logLevel <= .info else { return response }
        request.logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "path": .string(request.url.path),
            "route": .string(request.route.map { "/" + $0.path.map(\.description).joined(separator: "/") } ?? "-"),
            "status": .string(String(response.status.code)),
            "duration_ms": .string(Self.milliseconds(ContinuousClock.now - started)),
            "client": .string(request.remoteAddress?.ipAddress ?? "-"),
        ])
        return response
    }

    /// `elapsed` in milliseconds with two decimals, without a format string.
    static func milliseconds(_ elapsed: Duration) -> String {
        let hundredths = elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
