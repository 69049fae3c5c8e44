import Vapor

/// Who is calling the admin API: the server's administrator, or one app with its own secret.
enum Principal: Authenticatable, Sendable, Equatable {
    case admin
    case app(UUID)
}

extension Request {
    /// The authenticated caller. Every admin route sits behind ``AdminAuthenticator`` and
    /// `Principal.guardMiddleware()`, so this fails only for a route registered outside them.
    var principal: Principal {
        get throws {
            guard let principal = auth.get(Principal.self) else { throw APIError.unauthenticated }
            return principal
        }
    }
}
