import Vapor

/// Lets a request through only when ``Principal/permits(_:in:)`` allows its method in the area
/// the route table declares for the route it matched. It guards the whole admin API group, so a
/// new route is covered the moment it is registered; a route without an area is refused to
/// everyone (and logged), so one registered outside ``RouteTable`` fails closed.
struct AccessPolicyMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let area = request.route?.adminArea else {
            let path = (request.route?.path ?? []).map(\.description).joined(separator: "/")
            request.logger.critical("admin route without an access area", metadata: ["path": "\(path)"])
            throw APIError.forbidden
        }
        guard try request.principal.permits(request.method, in: area) else {
            throw APIError(.forbidden, code: .forbidden, "your role cannot \(CSRFMiddleware.changesState(request.method) ? "change" : "read") this")
        }
        return try await next.respond(to: request)
    }
}
