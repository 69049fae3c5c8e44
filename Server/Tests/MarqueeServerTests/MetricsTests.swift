import Foundation
import MarqueeModel
import MarqueeServer
import Testing

/// `/metrics` serves the server's metrics to the administrator in Prometheus's text format.
@Suite("Metrics")
struct MetricsTests {
    @Test func metricsCountPingsRoutesAndIngestionForTheAdministratorOnly() async throws {
        MetricsExport.bootstrap()
        try await TestServer.with(.sqlite) { server in
            let app = try await server.createApp()
            _ = try await server.createCampaign(Fixtures.modal(), in: app)
            _ = try await server.ping(app)
            let impression = ImpressionBody(campaignId: try await server.createCampaign(Fixtures.modal("Other"), in: app),
                                            impressions: [.init(type: 1, timestamp: 1_000), .init(type: 2, timestamp: 1_001)],
                                            userIdentifiers: [], batchId: "metrics-batch")
            let stored = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID,
                                               deviceID: "d1", json: impression)
            #expect(stored.status == .ok)

            let metrics = try await server.send(.GET, "/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.headers.contentType?.subType == "plain")
            let text = metrics.text
            for name in ["marquee_pings_total{result=\"list\"}", "marquee_ping_campaigns", "marquee_catalog_rebuilds_total",
                         "marquee_impressions_ingested_total", "marquee_impression_commits_total",
                         "marquee_impression_batches_per_commit", "marquee_impression_commit_seconds_bucket",
                         "marquee_impression_batches_waiting",
                         "http_requests_total", "http_request_duration_seconds_bucket"] {
                #expect(text.contains(name), "\(name) is exported")
            }
            #expect(text.contains(#"marquee_impression_commit_seconds_bucket{le="0.0005"}"#), "commits have sub-millisecond buckets")
            #expect(text.contains(#"path="/v1/ping""#) || text.contains(#"path="/v1/ping/""#), "requests are counted by route")

            #expect(try await server.send(.GET, "/metrics", token: nil).status == .unauthorized)
            #expect(try await server.send(.GET, "/metrics", token: try #require(app.secret)).status == .forbidden,
                    "an app's secret does not reach server-wide figures")
        }
    }
}
