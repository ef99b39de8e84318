import Prometheus
import Synchronization

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

    /// The counter and histogram of each route, method and status seen, so that a request looks
    /// its pair up instead of asking the registry (which builds the metric's name and labels).
    private let requestMetrics = Mutex<[RequestKey: (Counter, DurationHistogram)]>([:])

    private struct RequestKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let (counter, histogram) = requestMetrics.withLock { known in
            if let metrics = known[key] { return metrics }
            let metrics = (
                registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("method", method), ("status", String(status))]),
                registry.makeDurationHistogram(descriptor: Self.latency, labels: [("route", route)], buckets: Self.buckets))
            known[key] = metrics
            return metrics
        }
        counter.increment()
        histogram.record(duration)
    }

    func recordDatasetSize(name: String, count: Int) {
        registry.makeGauge(descriptor: Self.sizes, labels: [("dataset", name)]).set(Double(count))
    }

    func recordIndexBuild(seconds: Double) {
        registry.makeGauge(descriptor: Self.build).set(seconds)
    }

    var text: [UInt8] { registry.emitToBuffer() }
}
