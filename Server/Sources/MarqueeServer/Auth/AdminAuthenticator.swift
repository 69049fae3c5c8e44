import Fluent
import Vapor

/// Resolves `Authorization: Bearer <token>` to a ``Principal``: the admin token, or an app's secret.
/// A token that is neither is rejected here, so the caller learns it is wrong rather than missing.
struct AdminAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard !bearer.token.isEmpty else { return }
        request.auth.login(try await Principal.resolve(token: bearer.token, for: request))
    }
}

extension Principal {
    /// The principal a token stands for; a token that is neither the admin token nor an app's
    /// secret is rejected.
    static func resolve(token: String, for request: Request) async throws -> Principal {
        let hash = Secrets.hash(token)
        if Secrets.constantTimeEquals(hash, request.marquee.adminTokenHash) { return .admin }
        // Looked up by the hash, never by the secret: timing reveals nothing about a valid secret.
        if let app = try await AppRecord.query(on: request.db).filter(\.$secretHash == hash).first() {
            return .app(try app.requireID())
        }
        throw APIError(.unauthorized, code: .unauthorized, "the bearer token is not valid")
    }
}
