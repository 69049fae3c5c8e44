import Vapor

/// Signs in the dashboard's requests: the session cookie resolves to ``Principal/account(id:role:)``,
/// and the session is kept in ``Request/dashboardSession`` for CSRF checks and sign-out.
///
/// A request that carries `Authorization: Bearer` is the script's, not the browser's: the bearer
/// token alone decides who it is (``AdminAuthenticator`` runs first), and no cookie is read.
struct SessionAuthenticator: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.headers.bearerAuthorization == nil, let active = try await request.resolveSessionCookie() {
            request.auth.login(Principal.account(id: active.accountID, role: active.role))
        }
        return try await next.respond(to: request)
    }
}

private struct SessionKey: StorageKey {
    typealias Value = SessionStore.Active
}

extension Request {
    /// The dashboard session this request was signed in with; `nil` for bearer requests.
    var dashboardSession: SessionStore.Active? { storage[SessionKey.self] }

    /// The sessions of this server, on this request's database and clock.
    var sessionStore: SessionStore { SessionStore(database: db, clock: marquee.clock) }

    /// Resolves the session cookie, if any, and keeps the session in ``dashboardSession``. An unknown or
    /// ended session is a 401 that says so: the browser must sign in again.
    func resolveSessionCookie() async throws -> SessionStore.Active? {
        if let dashboardSession { return dashboardSession }
        guard let value = cookies[SessionPolicy.cookieName]?.string, !value.isEmpty else { return nil }
        do {
            let active = try await sessionStore.resolve(SessionToken(value: value))
            storage[SessionKey.self] = active
            return active
        } catch let refusal as SessionStore.Refusal {
            switch refusal {
            case .unknown:
                throw APIError(.unauthorized, code: .sessionInvalid, "this session is not valid (signed out?); sign in again")
            case .expired:
                throw APIError(.unauthorized, code: .sessionExpired, "this session has ended; sign in again")
            }
        }
    }
}
