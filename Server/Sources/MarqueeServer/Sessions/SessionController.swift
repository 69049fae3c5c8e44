import Vapor

/// `GET /api/v1/session` and `POST /api/v1/session/sign-out`, behind authentication: who the
/// credentials belong to, and ending a dashboard session.
struct SessionController {
    @Sendable func session(req: Request) async throws -> SessionResource {
        if let active = req.dashboardSession { return SessionResource(active) }
        return switch try req.principal {
        case .admin: SessionResource(role: "admin")
        case .app(let id): SessionResource(role: "app", appID: id.canonical)
        // An account is signed in only through a session, which the branch above answered.
        case .account(_, let role): SessionResource(role: role.rawValue)
        }
    }

    /// Deletes the session server-side and clears the cookie. A bearer request has no session:
    /// it is answered the same way and changes nothing.
    @Sendable func signOut(req: Request) async throws -> Response {
        if let active = req.dashboardSession { try await req.sessionStore.end(active.sessionID) }
        let response = Response(status: .noContent)
        response.cookies[SessionPolicy.cookieName] = SessionCookie.cleared(on: req)
        return response
    }
}

/// Who is signed in, so the dashboard offers what these credentials may do. Sessions also carry
/// the account's email and the CSRF token the dashboard sends with every change.
struct SessionResource: JSONResource {
    /// `admin`, `editor` or `viewer` for accounts and the admin token (`admin`); `app` for an app's secret.
    var role: String
    var appID: String?
    var email: String?
    var csrfToken: String?
    var expiresAt: Date?

    init(role: String, appID: String? = nil) {
        self.role = role
        self.appID = appID
    }

    init(_ session: SessionStore.Active) {
        role = session.role.rawValue
        email = session.email
        csrfToken = session.token.csrfToken
        expiresAt = session.expiresAt
    }
}
