import Fluent
import Vapor

/// Guards every route under `apps/:appID`: resolves the app once and checks that the caller may
/// use it. Handlers read ``Request/authorizedApp``, which exists only behind this middleware, so
/// no handler can forget the check.
struct AppAuthorizationMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let text = request.parameters.get("appID"), let appID = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: .invalidId, "the app id must be a UUID")
        }
        // Another app's id answers 404, so credentials cannot probe which apps exist.
        if case .app(let own) = try request.principal, own != appID { throw APIError.notFound("app") }
        guard let app = try await AppRecord.find(appID, on: request.db) else { throw APIError.notFound("app") }
        request.storage[AuthorizedAppKey.self] = try app.app()
        return try await next.respond(to: request)
    }
}

private struct AuthorizedAppKey: StorageKey {
    typealias Value = App
}

extension Request {
    /// The app named by the path, as authorized by ``AppAuthorizationMiddleware``.
    var authorizedApp: App {
        get throws { try resolved(AuthorizedAppKey.self, by: "AppAuthorizationMiddleware") }
    }

    /// The authorized app's id.
    var authorizedAppID: UUID {
        get throws { try authorizedApp.id }
    }

    /// The `:campaignID` path parameter.
    var campaignIDParameter: UUID {
        get throws {
            guard let text = parameters.get("campaignID"), let id = UUID(uuidString: text) else {
                throw APIError(.badRequest, code: .invalidId, "the campaign id must be a UUID")
            }
            return id
        }
    }

    /// The store that performs this request's writes, reporting them to its ``changeRecorder``.
    var store: CatalogStore {
        CatalogStore(database: db, clock: marquee.clock, catalog: marquee.catalog, directory: marquee.directory,
                     changes: changeRecorder)
    }
}
