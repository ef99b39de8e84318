import Synchronization

/// What a named source is while the service runs: still loading, served, or failed.
enum SourceState<Value: Sendable>: Sendable {
    case loading
    case ready(Value)
    case failed(String)
}

/// Named sources of one kind (datasets, road networks) and their states. Readers take a
/// value under a short lock and use it without one; a new value is swapped in whole.
final class LoadedSources<Value: Sendable>: Sendable {
    let sources: [DatasetSource]
    /// What one of them is called in messages ("dataset", "road network").
    let kind: String
    private let states: Mutex<[String: SourceState<Value>]>

    init(_ sources: [DatasetSource], kind: String) {
        self.sources = sources
        self.kind = kind
        states = Mutex(Dictionary(sources.map { ($0.name, .loading) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Makes every value in source order (those `skipping` does not name), marking each ready
    /// or failed with the reason.
    func load(skipping: (DatasetSource) -> Bool = { _ in false }, _ make: (DatasetSource) throws -> Value) {
        for source in sources where !skipping(source) {
            let state: SourceState<Value>
            do { state = .ready(try make(source)) } catch { state = .failed("\(error)") }
            states.withLock { $0[source.name] = state }
        }
    }

    func state(of name: String) -> SourceState<Value>? { states.withLock { $0[name] } }

    /// The value named `name`: 503 while it loads or when it failed; `unknown` for a name
    /// the service does not have (its message lists the names it has).
    func value(_ name: String, unknown: (String) -> Problem) throws(Problem) -> Value {
        switch state(of: name) {
        case let .ready(value)?: return value
        case .loading?:
            throw Problem(status: .serviceUnavailable, detail: "\(kind) \(name) is still being prepared; try again shortly",
                          headers: [.retryAfter: "1"])
        case let .failed(reason)?:
            throw Problem(status: .serviceUnavailable, detail: "\(kind) \(name) could not be loaded: \(reason)")
        case nil:
            let names = sources.map(\.name).joined(separator: ", ")
            throw unknown(names.isEmpty ? "none" : names)
        }
    }

    /// Every source's name and state, in source order.
    var all: [(name: String, state: SourceState<Value>)] {
        states.withLock { states in sources.map { ($0.name, states[$0.name] ?? .loading) } }
    }

    /// Swaps in a new value for `name`.
    func replace(_ name: String, with value: Value) {
        states.withLock { $0[name] = .ready(value) }
    }

    /// Sets the state of `name` (a table's dataset fails while its database is away).
    func mark(_ name: String, _ state: SourceState<Value>) {
        states.withLock { $0[name] = state }
    }
}
