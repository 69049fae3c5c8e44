import Vapor

/// Sets `Cache-Control` on every API response, errors included, in one place.
///
/// SDK answers depend on the user and carry endpoint URLs; admin answers may carry secrets. No
/// shared cache may keep either, or it could hand one user's answer (or another host's endpoints)
/// to everyone behind it. The one exception is a campaign list read by its digest
/// (`/v1/catalog/{digest}`): it names no user, and its content never changes.
struct CachePolicyMiddleware: AsyncMiddleware {
    static let privateNoStore = "private, no-store"
    static let immutable = "public, max-age=31536000, immutable"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if Self.isAPI(request) {
            let isList = [.ok, .notModified].contains(response.status) && Self.isCampaignList(request)
            response.headers.replaceOrAdd(name: .cacheControl, value: isList ? Self.immutable : Self.privateNoStore)
        }
        return response
    }

    /// Whether the request is to the SDK or admin API: told by the route it matched, whose path
    /// is already split, else by its path (an unmatched or refused request), which Vapor parses
    /// again at each read.
    static func isAPI(_ request: Request) -> Bool {
        if let route = request.route, case .constant(let first) = route.path.first, route.path.count > 1 {
            return first == "v1" || first == "api"
        }
        return isAPI(request.url.path)
    }

    /// Whether the request matched `GET /v1/catalog/:digest`, the one route whose answers are shared.
    static func isCampaignList(_ request: Request) -> Bool {
        guard let path = request.route?.path, path.count == 3,
              case .constant("v1") = path[0], case .constant("catalog") = path[1] else { return false }
        return true
    }

    static func isAPI(_ path: String) -> Bool {
        path.hasPrefix("/v1/") || path.hasPrefix("/api/")
    }
}
