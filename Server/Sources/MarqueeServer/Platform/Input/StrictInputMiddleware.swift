import Vapor

/// How a request's JSON body is read.
enum InputPolicy: Sendable {
    /// Unknown keys are errors: admin requests, where a dropped field is a silent bug.
    case strict
    /// Unknown keys are ignored: SDK requests, from clients newer or older than this server.
    case lenient
}

/// Marks the requests of its route group (the admin API) as ``InputPolicy/strict``.
struct StrictInputMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        request.storage[InputPolicyKey.self] = .strict
        return try await next.respond(to: request)
    }
}

private struct InputPolicyKey: StorageKey {
    typealias Value = InputPolicy
}

extension Request {
    /// Strict behind ``StrictInputMiddleware``, lenient elsewhere.
    var inputPolicy: InputPolicy { storage[InputPolicyKey.self] ?? .lenient }
}
