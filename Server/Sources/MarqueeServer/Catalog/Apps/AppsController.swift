import Fluent
import MarqueeModel
import Vapor

/// `GET, POST /api/v1/apps`: the apps these credentials see, and creating apps (who may is
/// decided by ``Principal/permits(_:in:)``, like every permission).
struct AppsController {
    /// Every app for the administrator and accounts; an app's secret sees its own app only.
    @Sendable func list(req: Request) async throws -> ListResource<AppResource> {
        var query = AppRecord.query(on: req.db)
        if case .app(let own) = try req.principal { query = query.filter(\.$id == own) }
        let records = try await query.sort(\.$createdAt).sort(\.$id).all()
        return ListResource(items: try records.map { AppResource(try $0.app()) })
    }

    @Sendable func create(req: Request) async throws -> Response {
        let settings = try AppSettings.creating(from: req.decodeJSON(AppInput.self))
        let (app, secret) = try await req.store.createApp(settings)
        return try Response.json(AppResource(app, secret: secret), status: .created)
    }
}

/// `/api/v1/apps/:appID`: one app, behind ``AppAuthorizationMiddleware``.
///
/// `PUT` replaces every setting and rejects a body that lacks one; `PATCH` changes only the
/// settings it is given.
struct AppController {
    @Sendable func read(req: Request) async throws -> AppResource {
        AppResource(try req.authorizedApp)
    }

    @Sendable func replace(req: Request) async throws -> AppResource {
        let settings = try AppSettings.replacing(with: req.decodeJSON(AppInput.self))
        return AppResource(try await req.store.updateApp(try req.authorizedAppID, naming: settings.subscriptionID) { _ in settings })
    }

    @Sendable func patch(req: Request) async throws -> AppResource {
        let input = try req.decodeJSON(AppInput.self)
        return AppResource(try await req.store.updateApp(try req.authorizedAppID, naming: input.subscriptionID) {
            $0.merging(input)
        })
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.store.deleteApp(try req.authorizedAppID)
        return .noContent
    }

    @Sendable func rotateSecret(req: Request) async throws -> AppResource {
        let (app, secret) = try await req.store.rotateSecret(of: try req.authorizedAppID)
        return AppResource(app, secret: secret)
    }
}
