import Metrics

/// The server's own metrics, beside the per-route request counts and latencies Vapor's responder
/// reports (`http_requests_total`, `http_request_duration_seconds`). Handlers are made at each
/// use, so they belong to whichever metrics backend is bootstrapped by then.
enum ServerMetrics {
    static func pingServed(campaigns: Int, unchanged: Bool) {
        Counter(label: "marquee_pings_total", dimensions: [("result", unchanged ? "unchanged" : "list")]).increment()
        Recorder(label: "marquee_ping_campaigns").record(campaigns)
    }

    static func impressionsIngested(_ count: Int) {
        Counter(label: "marquee_impressions_ingested_total").increment(by: count)
    }

    /// One group commit of impression batches: how many shared it (one disk sync for them all).
    static func impressionsCommitted(batches: Int) {
        Counter(label: "marquee_impression_commits_total").increment()
        Recorder(label: "marquee_impression_batches_per_commit").record(batches)
    }

    static func catalogRebuilt() {
        Counter(label: "marquee_catalog_rebuilds_total").increment()
    }

    static func databaseError(_ kind: String) {
        Counter(label: "marquee_database_errors_total", dimensions: [("kind", kind)]).increment()
    }

    static func rateLimited(scope: String) {
        Counter(label: "marquee_rate_limited_total", dimensions: [("scope", scope)]).increment()
    }
}
