import Fluent
import SQLKit
import Vapor

/// Operational endpoints: health and the OpenAPI description.
struct OpsController {
    struct Health: JSONResource {
        var status: String
        var database: String
    }

    /// 200 when the database answers, 503 otherwise.
    @Sendable func health(req: Request) async throws -> Response {
        do {
            _ = try await AppRecord.query(on: req.db).count()
            return try Response.json(Health(status: "ok", database: "ok"))
        } catch {
            req.logger.error("health check failed", metadata: ["error": "\(error)"])
            return try Response.json(Health(status: "unavailable", database: "unreachable"), status: .serviceUnavailable)
        }
    }

    @Sendable func openAPI(req: Request) async throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "application", subType: "yaml")
        return Response(status: .ok, headers: headers, body: .init(string: OpenAPIDocument.text()))
    }
}

/// The OpenAPI 3.1 document of both APIs, carried in the binary (``EmbeddedResources``) and
/// checked against the routes by a test.
public enum OpenAPIDocument {
    public static func text() -> String {
        EmbeddedResources.openAPI
    }
}
