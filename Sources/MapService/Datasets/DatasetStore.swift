import MapClustering
import MapGeometry
import MapRouting

/// The datasets and road networks being served, each name with its current value once loaded.
final class DatasetStore: Sendable {
    let datasets: LoadedSources<Dataset>
    let roadNetworks: LoadedSources<RoadNetwork>
    let style: ClusterStyle

    init(sources: [DatasetSource], roads: [DatasetSource] = [], style: ClusterStyle) {
        datasets = LoadedSources(sources, kind: "dataset")
        roadNetworks = LoadedSources(roads, kind: "road network")
        self.style = style
    }

    /// Loads every dataset and road network (in source order), marking each ready or failed.
    func loadAll() {
        // Tables are read by their TableFollower.
        datasets.load(skipping: { $0.table != nil }) { source in try Dataset.load(source, style: style) }
        roadNetworks.load { source in try RoadNetwork.read(contentsOfFile: source.path) }
    }

    /// The served snapshot of dataset `name`: 404 for an unknown name, 503 while it loads.
    func dataset(_ name: String) throws(Problem) -> Dataset {
        try datasets.value(name) { names in .notFound("no dataset named \(name); this service has \(names)") }
    }

    /// Road network `name` (asked for in a body or a query: 400 for an unknown name), 503 while it loads.
    func roads(_ name: String) throws(Problem) -> RoadNetwork {
        try roadNetworks.value(name) { names in
            .badRequest("no road network named \(name); this service has \(names == "none" ? "none (start it with --roads NAME=FILE)" : names)")
        }
    }

    /// Swaps in `dataset`'s new snapshot.
    func replace(_ dataset: Dataset) { datasets.replace(dataset.name, with: dataset) }
}
