import Metrics
import Prometheus

/// The Prometheus registry `GET /metrics` serves, and the hookup of swift-metrics to it.
public enum MetricsExport {
    static let registry = PrometheusCollectorRegistry()

    private static let bootstrapped: Void = {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[ServerMetrics.commitDurationLabel] = ServerMetrics.commitDurationBuckets
        MetricsSystem.bootstrap(factory)
    }()

    /// Sends the process's swift-metrics to the registry `/metrics` serves. Process-wide: the
    /// `marquee` executable calls it at start; later calls do nothing. A process that bootstraps
    /// its own metrics backend instead gets an empty `/metrics`.
    public static func bootstrap() {
        _ = bootstrapped
    }

    /// Everything recorded so far, in Prometheus's text format.
    static func text() -> String {
        registry.emitToString()
    }
}
