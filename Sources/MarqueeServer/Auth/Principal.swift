import Fluent
import Vapor

/// Who is calling the admin API: the server's administrator, or one app with its own secret.
enum Principal: Sendable, Equatable {
    case admin
    case app(UUID)
}

/// Resolves `Authorization: Bearer <token>` to a principal; every admin route sits behind it.
struct AdminAuthMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let token = request.headers.bearerAuthorization?.token, !token.isEmpty else {
            throw APIError.unauthenticated
        }
        let hash = Secrets.hash(token)
        if hash == request.marquee.adminTokenHash {
            request.storage[PrincipalKey.self] = .admin
        } else if let app = try await AppRecord.query(on: request.db).filter(\.$secretHash == hash).first() {
            request.storage[PrincipalKey.self] = .app(try app.requireID())
        } else {
            throw APIError(.unauthorized, code: "unauthorized", "the bearer token is not valid")
        }
        return try await next.respond(to: request)
    }
}

struct PrincipalKey: StorageKey {
    typealias Value = Principal
}

extension Request {
    var principal: Principal {
        get throws {
            guard let principal = storage[PrincipalKey.self] else { throw APIError.unauthenticated }
            return principal
        }
    }

    /// Only the administrator may do this (listing or creating apps).
    func requireAdmin() throws {
        guard try principal == .admin else { throw APIError.forbidden }
    }

    /// The app named by the `appID` path parameter, if these credentials may access it.
    /// Another app's id answers 404, so credentials cannot probe which apps exist.
    func authorizedApp() async throws -> AppRecord {
        guard let text = parameters.get("appID"), let appID = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: "invalid_id", "the app id must be a UUID")
        }
        if case .app(let own) = try principal, own != appID { throw APIError.notFound("app") }
        guard let app = try await AppRecord.find(appID, on: db) else { throw APIError.notFound("app") }
        return app
    }
}
