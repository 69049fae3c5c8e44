import MarqueeModel
import Vapor

/// Operational endpoints: liveness, readiness and the OpenAPI description.
struct OpsController {
    struct Health: JSONResource {
        var status: String
        var version: String
    }

    /// Liveness: the process answers requests. No I/O, so a slow database never gets a healthy
    /// process restarted.
    @Sendable func health(req: Request) async throws -> Health {
        Health(status: "ok", version: MarqueeVersion.current)
    }

    /// Readiness: 200 when the database answers and is fully migrated, 503 otherwise.
    @Sendable func ready(req: Request) async throws -> Response {
        let report = await Readiness(database: req.db, directory: req.marquee.directory,
                                     deviceTraffic: req.marquee.deviceTraffic, adminLane: req.marquee.adminLane,
                                     bound: .seconds(req.marquee.configuration.readinessTimeoutSeconds)).check()
        if !report.isReady {
            req.logger.warning("not ready", metadata: ["database": "\(report.database)", "pending": "\(report.pendingMigrations)",
                                                     "devices waiting (ms)": "\(report.devices.oldestMillis)"])
        }
        return try Response.json(report, status: report.isReady ? .ok : .serviceUnavailable)
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
