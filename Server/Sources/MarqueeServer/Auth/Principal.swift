import Foundation
import Vapor

/// Who is calling the admin API: the server's administrator (admin token), one app with its own
/// secret, or a team account signed in to the dashboard with a session cookie.
enum Principal: Authenticatable, Sendable, Equatable {
    case admin
    case app(UUID)
    case account(id: UUID, role: AccountRole)
}

extension Request {
    /// The authenticated caller. Every admin route sits behind ``AdminAuthenticator``,
    /// ``SessionAuthenticator`` and ``PrincipalRequiredMiddleware``, so this fails only for a route
    /// registered outside them.
    var principal: Principal {
        get throws {
            guard let principal = auth.get(Principal.self) else { throw APIError.unauthenticated }
            return principal
        }
    }
}
