import MarqueeWire
import Vapor

/// Lets the web SDK call the device routes from the pages of an app's web origins (CORS), for
/// every route of the SDK group, the live channel included. A request without `Origin` (a native
/// app) passes untouched.
///
/// - A preflight (`OPTIONS` with `Access-Control-Request-Method`) cannot carry `Subscription-Id`,
///   so it is allowed (204) when any app lists its origin (``KnownWebOrigins``), else refused
///   (403, with no `Access-Control-Allow-Origin`).
/// - Any other request with `Origin` is allowed when the app its subscription ID names lists the
///   origin; otherwise it is refused before anything runs: 403 `origin_not_allowed`, readable by
///   the page's script (it says only which origin to add where). Answers the SDK group gives
///   without an app (a missing or unknown subscription ID) are readable too.
///
/// Device routes use no cookies, so allowing an origin exposes nothing a script elsewhere could
/// not read; the list is how an app's team decides which sites use its campaigns. An `OPTIONS`
/// that is not a preflight is refused (400).
struct DeviceCORSMiddleware: AsyncMiddleware {
    static let allowedMethods = "GET, POST"
    /// Every request header a device route reads (``ProtocolHeader``, and the live channel's
    /// `Last-Event-ID`).
    static let allowedHeaders = [
        "Content-Type", ProtocolHeader.subscriptionID, ProtocolHeader.deviceID, ProtocolHeader.authorization,
        ProtocolHeader.userSignature, "Last-Event-ID",
    ].joined(separator: ", ")
    /// Response headers the SDK reads beyond the ones every script may (`Retry-After` of 429 and
    /// 503 answers, a list's `ETag`).
    static let exposedHeaders = "ETag, Retry-After"
    /// Seconds a browser may keep a preflight's answer.
    static let maxAge = 600

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let origin = request.headers.first(name: .origin).nonEmpty
        if request.method == .OPTIONS {
            guard let origin, request.headers.first(name: .accessControlRequestMethod).nonEmpty != nil else {
                throw Self.notAPreflight
            }
            return try await preflight(from: origin, request: request)
        }
        guard let origin else { return try await next.respond(to: request) }
        let response: Response
        do {
            let app = try await SDKCallerMiddleware.app(of: request)
            guard app.settings.webOrigins.contains(origin) else { throw APIError.originNotAllowed(origin) }
            response = try await APIErrorMiddleware().respond(to: request, chainingTo: next)
        } catch {
            response = try APIErrorMiddleware.response(for: error, request: request)
        }
        response.headers.replaceOrAdd(name: .accessControlAllowOrigin, value: origin)
        response.headers.replaceOrAdd(name: .accessControlExpose, value: Self.exposedHeaders)
        response.headers.add(name: .vary, value: "Origin")
        return response
    }

    private func preflight(from origin: String, request: Request) async throws -> Response {
        guard try await request.marquee.webOrigins.contains(origin, on: request.db) else {
            throw APIError(.forbidden, code: .originNotAllowed,
                           "no app lists the origin \(origin) among its web origins: add it in the dashboard's settings")
        }
        return Response(status: .noContent, headers: [
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Methods": Self.allowedMethods,
            "Access-Control-Allow-Headers": Self.allowedHeaders,
            "Access-Control-Max-Age": String(Self.maxAge),
            "Vary": "Origin",
        ])
    }

    /// `OPTIONS` here is for CORS preflights only, which name the origin and the method.
    static let notAPreflight = APIError(
        .badRequest, code: .badRequest,
        "OPTIONS is for browsers' CORS preflights here: send Origin and Access-Control-Request-Method")

    /// The route table's handler of a device path's `OPTIONS`: the middleware answers every
    /// one before it, so it is never reached.
    @Sendable static func optionsHandler(_ request: Request) async throws -> Response {
        throw notAPreflight
    }
}

extension APIError {
    static func originNotAllowed(_ origin: String) -> APIError {
        APIError(.forbidden, code: .originNotAllowed,
                 "the origin \(origin) may not use this app: add it to the app's web origins in the dashboard's settings")
    }
}
