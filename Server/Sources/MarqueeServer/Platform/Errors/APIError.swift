import MarqueeModel
import Vapor

/// Every error the HTTP API reports, with its status and a stable machine-readable code.
public struct APIError: Error, Sendable, Equatable {
    public var status: HTTPResponseStatus
    var code: ErrorCode
    public var message: String
    public var fields: [ValidationIssue]
    /// Headers the error response carries (`Allow`, `Retry-After`).
    public var headers: [String: String]

    init(_ status: HTTPResponseStatus, code: ErrorCode, _ message: String, fields: [ValidationIssue] = [],
                headers: [String: String] = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.headers = headers
    }

    static func validation(_ issues: [ValidationIssue]) -> APIError {
        APIError(.unprocessableEntity, code: .validationFailed,
                 "\(issues.count) field\(issues.count == 1 ? " is" : "s are") invalid", fields: issues)
    }

    static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: .notFound, "\(what) not found")
    }

    static let missingSubscription = APIError(.badRequest, code: .missingSubscriptionId,
                                              "the Subscription-Id header is required")
    static let unknownSubscription = APIError(.unauthorized, code: .unknownSubscriptionId,
                                              "no app has this Subscription-Id")
    static let unauthenticated = APIError(.unauthorized, code: .unauthorized,
                                          "send 'Authorization: Bearer <admin token or app secret>'")
    static let forbidden = APIError(.forbidden, code: .forbidden, "these credentials cannot access this resource")
    /// The database could not take the request in time; nothing was written, and a retry may pass.
    static let databaseBusy = APIError(.serviceUnavailable, code: .databaseBusy,
                                       "the database is busy; nothing was changed, retry shortly", headers: ["Retry-After": "1"])
    /// Long admin reads (``AdminLane``) are all taken, and this one waited its longest for a turn.
    static let adminLaneBusy = APIError(.serviceUnavailable, code: .adminLaneBusy,
                                        "other counts, statistics or exports are running; retry shortly",
                                        headers: ["Retry-After": "5"])

    /// This instance already has as many profile imports queued or running as it keeps: the
    /// sender is asked to send this one later (429), as for any other limit on what it sends; the
    /// server itself is well.
    static let importQueueFull = APIError(.tooManyRequests, code: .importQueueFull,
                                          "\(ImportJobs.maxJobs) imports are queued or running; send this one when one has finished",
                                          headers: ["Retry-After": "30"])

    /// An admin read ran past the time it may take and was stopped.
    static func adminQueryOverBudget(_ budget: Duration) -> APIError {
        APIError(.serviceUnavailable, code: .queryOverBudget,
                 "this query takes longer than the \(budget.components.seconds) s it may run; narrow it, or retry later",
                 headers: ["Retry-After": "30"])
    }
}

/// The one JSON error body: `{"error": {"code": "…", "message": "…", "fields": [...]}}`.
struct ErrorBody: Encodable {
    struct Detail: Codable {
        var code: String
        var message: String
        var fields: [ValidationIssue]?
    }

    var error: Detail
}
