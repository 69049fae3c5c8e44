import Vapor

/// `GET /metrics`: the server's metrics in Prometheus's text format, for the administrator only:
/// a scraper sends the admin token as a bearer token (session cookies are scoped to `/api/v1`).
struct MetricsController {
    @Sendable func metrics(req: Request) async throws -> Response {
        guard try req.principal.isAdministrator else { throw APIError.forbidden }
        ServerMetrics.recordLevels(connections: req.application.marqueeHTTPServer?.cap.snapshot, liveChannels: req.marquee.live.count,
                                   devices: req.marquee.deviceTraffic.snapshot, adminLane: req.marquee.adminLane.load)
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "plain", parameters: ["version": "0.0.4", "charset": "utf-8"])
        headers.add(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(string: MetricsExport.text()))
    }
}
