import Vapor

/// Answers 429 with `Retry-After` once a caller spends its requests faster than its limit.
///
/// SDK requests are counted per app and device (the `device_id` header, else the address);
/// admin requests per principal and address, behind authentication; sign-in and the preview
/// frame, which sit outside that group, per address (``Request/clientAddress``). Refusals are
/// counted in the `marquee_rate_limited_total` metric, by scope.
struct RateLimitMiddleware: AsyncMiddleware {
    enum Scope: String, Sendable {
        case sdk, admin, address
    }

    let scope: Scope
    let limiter: RateLimiter

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let retryAfter = await limiter.spend(try key(for: request)) {
            ServerMetrics.rateLimited(scope: scope.rawValue)
            throw APIError(.tooManyRequests, code: .rateLimited,
                           "too many requests; retry in \(retryAfter) second\(retryAfter == 1 ? "" : "s")",
                           headers: ["Retry-After": String(retryAfter)])
        }
        return try await next.respond(to: request)
    }

    private func key(for request: Request) throws -> String {
        let address = request.clientAddress
        switch scope {
        case .sdk:
            let app = request.headers.first(name: "Subscription-Id") ?? ""
            return "sdk|\(app)|\(request.deviceID ?? "address:" + address)"
        case .admin:
            let principal = switch try request.principal {
            case .admin: "admin"
            case .app(let id): id.canonical
            case .account(let id, _): "account:" + id.canonical
            }
            return "admin|\(principal)|\(address)"
        case .address:
            return "address|\(address)"
        }
    }
}
