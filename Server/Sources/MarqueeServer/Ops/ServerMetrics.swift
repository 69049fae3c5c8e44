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

    /// One group commit of impression batches: how many shared it (one disk sync for them all),
    /// and how long its transaction took. Ingestion is at most the batches a commit carries over
    /// its duration, so the two say where the limit is.
    static func impressionsCommitted(batches: Int, duration: Duration) {
        Counter(label: "marquee_impression_commits_total").increment()
        Recorder(label: "marquee_impression_batches_per_commit").record(batches)
        Timer(label: commitDurationLabel).recordNanoseconds(duration.nanoseconds)
    }

    /// Batches received and waiting for a commit: it grows when ingestion falls behind.
    static func impressionBatchesWaiting(_ count: Int) {
        Gauge(label: "marquee_impression_batches_waiting").record(count)
    }

    static let commitDurationLabel = "marquee_impression_commit_seconds"
    /// A commit takes a few milliseconds; the default buckets start at 5.
    static let commitDurationBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
    ]

    static func catalogRebuilt() {
        Counter(label: "marquee_catalog_rebuilds_total").increment()
    }

    static func databaseError(_ kind: String) {
        Counter(label: "marquee_database_errors_total", dimensions: [("kind", kind)]).increment()
    }

    /// A connection closed by the cap: `refused` on arrival (its address at its share, or every
    /// connection busy), or `evicted_idle` to make room for a newcomer.
    static func connectionClosed(reason: String) {
        Counter(label: "marquee_connections_closed_total", dimensions: [("reason", reason)]).increment()
    }

    /// Levels read when `/metrics` is scraped: connections, live channels, device requests, the admin lane.
    static func recordLevels(connections: ConnectionCap.Snapshot?, liveChannels: Int, devices: DeviceTraffic.Snapshot,
                             adminLane: AdminLaneLoad) {
        if let connections {
            Gauge(label: "marquee_connections_open").record(connections.open)
            Gauge(label: "marquee_connection_addresses").record(connections.addresses)
        }
        Gauge(label: "marquee_live_channels").record(liveChannels)
        Gauge(label: "marquee_device_requests_in_flight").record(devices.inFlight)
        Gauge(label: "marquee_device_request_oldest_seconds").record(Double(devices.oldestMillis) / 1000)
        Gauge(label: "marquee_admin_lane_jobs", dimensions: [("state", "running")]).record(adminLane.running)
        Gauge(label: "marquee_admin_lane_jobs", dimensions: [("state", "waiting")]).record(adminLane.waiting)
    }

    /// A device's body that ``JSONScanner`` could not read and `JSONDecoder` read instead: an
    /// unusual body (a fraction, a repeated key), or a key the scanner lacks a case for.
    static func scannerFellBack(body: Any.Type) {
        Counter(label: "marquee_scanner_fallbacks_total", dimensions: [("body", "\(body)")]).increment()
    }

    static func rateLimited(scope: String) {
        Counter(label: "marquee_rate_limited_total", dimensions: [("scope", scope)]).increment()
    }
}

extension Duration {
    /// Whole nanoseconds, as swift-metrics timers take them.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
