import Foundation
import Hummingbird
import Logging
import MapClustering
import MapGeometry
import ServiceLifecycle

/// The map service: every answer of `mapctl` over HTTP, byte for byte, for a map screen (see
/// `openapi.yaml` in the module's resources for the contract).
///
/// ```swift
/// let service = try MapService(configuration: ServiceConfiguration(datasets: [DatasetSource(argument: "Data/objects.geojson")]))
/// try await service.run()
/// ```
public struct MapService: Sendable {
    let state: ServiceState

    /// Checks the configuration (the style file is read now); datasets are indexed once the
    /// service runs, `/readyz` says when.
    /// - Throws: a located error for a style file that cannot be used, two datasets of one name,
    ///   or a road network given as a table.
    public init(configuration: ServiceConfiguration) throws {
        let style = try configuration.stylePath.map { path in try ClusterStyle(contentsOf: URL(fileURLWithPath: path)) } ?? ClusterStyle()
        for sources in [configuration.datasets, configuration.roads] {
            var seen = Set<String>()
            for source in sources where !seen.insert(source.name).inserted {
                throw DatasetSourceError("two datasets or road networks are named \(source.name); give one of them another name with NAME=FILE")
            }
        }
        for network in configuration.roads where network.table != nil {
            throw DatasetSourceError("road network \(network.name) is a PostGIS table; a road network is read from a file (a GeoJSON road layer or a prepared network)")
        }
        state = ServiceState(configuration: configuration, store: DatasetStore(sources: configuration.datasets, roads: configuration.roads, style: style))
    }

    /// The HTTP application: routes, middleware, and the dataset loader as a service that
    /// indexes at start and writes pending edits on graceful shutdown.
    /// - Parameter listening: called with the port once the server accepts connections (the
    ///   chosen one when the configuration's port is 0).
    public func application(
        logger: Logger = MapService.logger, listening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let responder = ServiceResponder(state: state, routes: ServiceRoutes(state: state).table)
        return Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(state.configuration.host, port: state.configuration.port),
                                                    serverName: "mapctl"),
            services: [DatasetLoader(state: state)] + state.configuration.datasets.compactMap { source -> (any Service)? in
                source.table.map { TableFollower(state: state, source: source, location: $0) }
            },
            onServerRunning: { channel in listening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Runs until SIGINT or SIGTERM: then stops accepting, finishes the requests in flight,
    /// writes pending edits, and returns. A shutdown is bounded: what still runs after
    /// ``shutdownGrace`` is cancelled, and a process still running 5 s after that exits with
    /// status 70, saying what it waited on.
    public func run(logger: Logger = MapService.logger, listening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: application(logger: logger, listening: listening)),
                // Last, so that the signal reaches it first (a group stops its services in reverse).
                .init(service: ShutdownDeadline(limit: shutdownGrace + .seconds(5), activities: state.activities)),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = shutdownGrace
        try await ServiceGroup(configuration: configuration).run()
    }

    /// The service's logger unless a caller gives one: ``ServiceLogHandler``'s lines.
    public static var logger: Logger { Logger(label: "mapctl.serve", factory: { ServiceLogHandler(label: $0) }) }

    /// How long a graceful shutdown may take before what still runs is cancelled: the requests
    /// in flight have the request timeout to finish, and 10 s more is for writing edits.
    public var shutdownGrace: Duration { state.configuration.requestTimeout + .seconds(10) }
}

/// What every request handler shares.
final class ServiceState: Sendable {
    let configuration: ServiceConfiguration
    let store: DatasetStore
    let metrics = ServiceMetrics()
    let activities = ServiceActivities()
    let basemap = Basemap()
    let editors: [String: DatasetEditor]

    init(configuration: ServiceConfiguration, store: DatasetStore) {
        self.configuration = configuration
        self.store = store
        editors = Dictionary(configuration.datasets.map { ($0.name, DatasetEditor(store: store, name: $0.name)) },
                             uniquingKeysWith: { first, _ in first })
    }
}

/// Indexes the datasets when the service starts, and writes pending edits when it stops. A
/// shutdown does not wait for indexing that is still going on: it ends with the process.
/// Indexing is seconds of synchronous work, so it runs on the compute threads, not on the
/// cooperative pool that answers requests.
struct DatasetLoader: Service {
    let state: ServiceState

    func run() async throws {
        let state = self.state
        Task.detached(executorPreference: ComputeExecutor.shared) {
            let started = ContinuousClock.now
            await state.activities.during("indexing datasets") { state.store.loadAll() }
            state.metrics.recordIndexBuild(seconds: (ContinuousClock.now - started).seconds)
            for (name, dataset) in state.store.datasets.all {
                if case let .ready(dataset) = dataset { state.metrics.recordDatasetSize(name: name, count: dataset.count) }
            }
        }
        try? await gracefulShutdown()
        await state.activities.during("writing pending edits") {
            for editor in state.editors.values { try? await editor.flush() }
        }
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
