import MapClustering
import MapGeometry
import MapRouting
import Synchronization

/// The datasets being served: each name holds its current snapshot once loaded. Readers take
/// a snapshot under a short lock and work on it without one; an edit swaps in a new one.
final class DatasetStore: Sendable {
    /// A dataset's state: still loading, served, or failed with the reason.
    enum State: Sendable {
        case loading
        case ready(Dataset)
        case failed(String)
    }

    /// A road network's state.
    enum RoadState: Sendable {
        case loading
        case ready(RoadNetwork)
        case failed(String)
    }

    let sources: [DatasetSource]
    let roadSources: [DatasetSource]
    let style: ClusterStyle
    private let states: Mutex<[String: State]>
    private let roadStates: Mutex<[String: RoadState]>

    init(sources: [DatasetSource], roads: [DatasetSource] = [], style: ClusterStyle) {
        self.sources = sources
        self.roadSources = roads
        self.style = style
        states = Mutex(Dictionary(sources.map { ($0.name, State.loading) }, uniquingKeysWith: { first, _ in first }))
        roadStates = Mutex(Dictionary(roads.map { ($0.name, RoadState.loading) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Loads every dataset and road network (in source order), marking each ready or failed.
    func loadAll() {
        for source in sources {
            let state: State
            do { state = .ready(try Dataset.load(source, style: style)) } catch { state = .failed("\(error)") }
            states.withLock { $0[source.name] = state }
        }
        for source in roadSources {
            let state: RoadState
            do { state = .ready(try RoadNetwork.read(contentsOfFile: source.path)) } catch { state = .failed("\(source.path): \(error)") }
            roadStates.withLock { $0[source.name] = state }
        }
    }

    /// The road network `name`: 404 for an unknown name (400 when asked in a body), 503 while it loads.
    func roads(_ name: String) throws(Problem) -> RoadNetwork {
        switch roadStates.withLock({ $0[name] }) {
        case let .ready(network)?: return network
        case .loading?: throw Problem(status: .serviceUnavailable, detail: "road network \(name) is still being prepared", headers: [.retryAfter: "1"])
        case let .failed(reason)?: throw Problem(status: .serviceUnavailable, detail: "road network \(name) could not be loaded: \(reason)")
        case nil:
            let names = roadSources.map(\.name).joined(separator: ", ")
            throw .badRequest("no road network named \(name); this service has \(names.isEmpty ? "none (start it with --roads NAME=FILE)" : names)")
        }
    }

    /// Every road network's name and whether it is pending or failed (nil: ready).
    var roadProblems: [(name: String, failure: String?)] {
        roadStates.withLock { states in
            roadSources.compactMap { source in
                switch states[source.name] {
                case .ready?: return nil
                case let .failed(reason)?: return (source.name, reason)
                default: return (source.name, nil)
                }
            }
        }
    }

    func state(of name: String) -> State? { states.withLock { $0[name] } }

    /// The served snapshot of `name`: 404 for an unknown name, 503 while it loads.
    func dataset(_ name: String) throws(Problem) -> Dataset {
        switch state(of: name) {
        case let .ready(dataset)?: return dataset
        case .loading?:
            throw Problem(status: .serviceUnavailable, detail: "dataset \(name) is still being indexed; try again shortly",
                          headers: [.retryAfter: "1"])
        case let .failed(reason)?:
            throw Problem(status: .serviceUnavailable, detail: "dataset \(name) could not be loaded: \(reason)")
        case nil:
            let names = sources.map(\.name).joined(separator: ", ")
            throw .notFound("no dataset named \(name); this service has \(names.isEmpty ? "none" : names)")
        }
    }

    /// Every dataset's name and state, in source order.
    var all: [(name: String, state: State)] {
        states.withLock { states in sources.map { ($0.name, states[$0.name] ?? .loading) } }
    }

    /// Swaps in `dataset`'s new snapshot.
    func replace(_ dataset: Dataset) {
        states.withLock { $0[dataset.name] = .ready(dataset) }
    }
}
