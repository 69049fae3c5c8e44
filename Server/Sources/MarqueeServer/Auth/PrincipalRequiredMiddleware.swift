import Vapor

/// Refuses a request no authenticator before it recognized (401): the last layer of
/// authentication in front of every admin route.
struct PrincipalRequiredMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(Principal.self) else { throw APIError.unauthenticated }
        return try await next.respond(to: request)
    }
}
