import Vapor

/// Lets a request through only when ``Principal/permits(_:in:)`` allows its method in the area
/// of the route it matched. It guards the whole admin API group, so a new route is covered the
/// moment it is registered; a route whose area is unknown is refused to everyone (and logged),
/// so forgetting to classify one fails closed.
struct AccessPolicyMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = (request.route?.path ?? []).map(\.description)
        // Admin routes are all under /api/v1.
        guard path.count > 2, path[0] == "api", path[1] == "v1", let area = AdminArea(path: Array(path.dropFirst(2))) else {
            request.logger.critical("admin route without an access area", metadata: ["path": "\(path.joined(separator: "/"))"])
            throw APIError.forbidden
        }
        guard try request.principal.permits(request.method, in: area) else {
            throw APIError(.forbidden, code: "forbidden", "your role cannot \(CSRFMiddleware.changesState(request.method) ? "change" : "read") this")
        }
        return try await next.respond(to: request)
    }
}
