import Vapor

/// Answers 405 with an `Allow` header when the path exists but not for the request's method
/// (Vapor's router alone answers 404). Unknown paths stay 404.
struct MethodNotAllowedMiddleware: AsyncMiddleware {
    /// The registered routes, as path patterns and their methods.
    let routes: [(path: [PathComponent], method: HTTPMethod)]

    init(routes: Routes) {
        self.routes = routes.all.map { ($0.path, $0.method) }
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let notFound as RouteNotFound {
            let components = request.url.path.split(separator: "/").map(String.init)
            let allowed = Set(routes.filter { Self.matches($0.path, components) }.map(\.method.rawValue))
            guard !allowed.isEmpty else { throw notFound }
            var allow = allowed
            if allow.contains("GET") { allow.insert("HEAD") }
            throw APIError(.methodNotAllowed, code: .methodNotAllowed,
                           "\(request.method.rawValue) is not supported here; use \(allow.sorted().joined(separator: ", "))",
                           headers: ["Allow": allow.sorted().joined(separator: ", ")])
        }
    }

    static func matches(_ pattern: [PathComponent], _ path: [String]) -> Bool {
        var index = 0
        for component in pattern {
            switch component {
            case .catchall: return true
            case .constant(let text):
                guard index < path.count, path[index] == text else { return false }
            case .parameter, .anything:
                guard index < path.count else { return false }
            }
            index += 1
        }
        return index == path.count
    }
}
