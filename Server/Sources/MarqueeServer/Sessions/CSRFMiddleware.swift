import Vapor

/// Refuses cookie-authenticated writes that lack the session's CSRF token.
///
/// Every POST, PUT, PATCH and DELETE signed in by the session cookie must carry
/// `X-CSRF-Token` equal to the token derived from that session (see ``SessionToken``). Another
/// site can make a browser send the cookie in some cases (old browsers ignore `SameSite`) but can
/// never read the token. Bearer requests are exempt: no browser attaches a bearer token by itself.
struct CSRFMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let session = request.dashboardSession, Self.changesState(request.method) {
            try Self.check(request.headers.first(name: SessionPolicy.csrfHeader), against: session)
        }
        return try await next.respond(to: request)
    }

    /// Methods that may change state; GET and HEAD must not.
    static func changesState(_ method: HTTPMethod) -> Bool {
        ![.GET, .HEAD, .OPTIONS].contains(method)
    }

    /// Throws 403 unless `presented` is the session's token.
    static func check(_ presented: String?, against session: SessionStore.Active) throws {
        guard let presented, !presented.isEmpty else {
            throw APIError(.forbidden, code: .csrfTokenMissing,
                           "send the session's CSRF token in \(SessionPolicy.csrfHeader) with every change")
        }
        guard Secrets.constantTimeEquals(presented, session.token.csrfToken) else {
            throw APIError(.forbidden, code: .csrfTokenInvalid, "the CSRF token does not belong to this session")
        }
    }
}
