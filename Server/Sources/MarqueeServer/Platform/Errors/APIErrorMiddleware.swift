import AsyncKit
import Fluent
import SQLiteNIO
import Vapor

/// Turns every error into the one JSON error body. Unexpected errors are logged in full and
/// reported to the client without internals (no SQL, no stack traces).
struct APIErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            return try Self.response(for: error, request: request)
        }
    }

    /// The JSON error answer to `error`.
    static func response(for error: any Error, request: Request) throws -> Response {
        let apiError = Self.apiError(for: error, request: request)
        let body = ErrorBody(error: .init(code: apiError.code.rawValue, message: apiError.message,
                                          fields: apiError.fields.isEmpty ? nil : apiError.fields))
        let response = try Response.json(body, status: apiError.status)
        for (name, value) in apiError.headers { response.headers.replaceOrAdd(name: name, value: value) }
        return response
    }

    static func apiError(for error: any Error, request: Request) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as AccountError:
            return APIError(error)
        case let error as CatalogError:
            return APIError(error)
        case let error as AnalyticsError:
            return APIError(error)
        case let error as InboxStoreError:
            return APIError(error)
        case let error as ProfileError:
            return APIError(error)
        case let error as DecodingError:
            return APIError(.badRequest, code: .invalidBody, describe(error))
        case is ConnectionPoolTimeoutError:
            // Every connection stayed busy for the whole wait: a burst, not a fault. Nothing was written.
            request.logger.warning("no database connection became free in time")
            ServerMetrics.databaseError("pool_timeout")
            return .databaseBusy
        case let error as SQLiteError where [.busy, .busyTimeout, .locked].contains(error.reason):
            request.logger.warning("the SQLite write lock stayed taken", metadata: ["error": "\(error)"])
            ServerMetrics.databaseError("busy")
            return .databaseBusy
        case let error as any AbortError:
            if error.status == .payloadTooLarge {
                return APIError(.payloadTooLarge, code: .bodyTooLarge, "the request body is too large")
            }
            if error.status == .unsupportedMediaType {
                return APIError(error.status, code: .unsupportedMediaType, "send the body as application/json")
            }
            if error.status.code >= 500 {
                request.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
                return APIError(error.status, code: .internalError, "the server could not complete the request")
            }
            let code: ErrorCode = error.status == .notFound ? .notFound : .badRequest
            return APIError(error.status, code: code, error.reason)
        default:
            request.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            if error is any DatabaseError { ServerMetrics.databaseError("other") }
            return APIError(.internalServerError, code: .internalError, "the server could not complete the request")
        }
    }

    /// A decoding error as a sentence naming the JSON path, without Swift type names.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
            let joined = components.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            return joined.isEmpty ? "the body" : joined
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "\(parent == "the body" ? "" : parent + ".")\(key.stringValue) is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the body is not valid JSON" }
            // Enum failures describe Swift types; say what the client needs to know instead.
            if context.debugDescription.hasPrefix("Cannot initialize") { return "\(path(context)) has an unsupported value" }
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "the body could not be read"
        }
    }
}
