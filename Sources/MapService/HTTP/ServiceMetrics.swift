import Prometheus

/// What `GET /metrics` reports, in Prometheus text: requests by route and status, latency by
/// route, dataset sizes and the index build time.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private static var requests: MetricNameDescriptor { MetricNameDescriptor(
        namespace: "mapengine", metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered, by route and status") }
    private static var latency: MetricNameDescriptor { MetricNameDescriptor(
        namespace: "mapengine", metricName: "http_request_duration", unitName: "seconds", helpText: "Time to answer, by route") }
    private static var sizes: MetricNameDescriptor { MetricNameDescriptor(
        namespace: "mapengine", metricName: "dataset_objects", unitName: "count", helpText: "Objects in each dataset") }
    private static var build: MetricNameDescriptor { MetricNameDescriptor(
        namespace: "mapengine", metricName: "index_build", unitName: "seconds", helpText: "Time to read and index every dataset at start") }
    private static let buckets: [Duration] = [.microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
                                              .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(2), .seconds(10)]

    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("method", method), ("status", String(status))]).increment()
        registry.makeDurationHistogram(descriptor: Self.latency, labels: [("route", route)], buckets: Self.buckets).record(duration)
    }

    func recordDatasetSize(name: String, count: Int) {
        registry.makeGauge(descriptor: Self.sizes, labels: [("dataset", name)]).set(Double(count))
    }

    func recordIndexBuild(seconds: Double) {
        registry.makeGauge(descriptor: Self.build).set(seconds)
    }

    var text: [UInt8] { registry.emitToBuffer() }
}
