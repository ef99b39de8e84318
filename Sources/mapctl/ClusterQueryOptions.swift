import ArgumentParser
import MapClustering
import MapGeoJSON

/// The questions `mapctl cluster` answers about one cluster: its members (paged), its children,
/// the zoom at which it splits.
struct ClusterQueryOptions: ParsableArguments {
    @Option(help: "Print the member features of this cluster id (paged with --limit/--offset).")
    var members: Int?

    @Option(help: "Print the markers one zoom below this cluster id.")
    var children: Int?

    @Option(name: .customLong("expansion-zoom"), help: "Print the zoom at which this cluster id splits (null: colocated).")
    var expansionZoom: Int?

    @Option(help: "Members per page.") var limit: Int = 10
    @Option(help: "Members to skip.") var offset: Int = 0

    /// True when one of `--members`, `--children`, `--expansion-zoom` is given.
    var isAsked: Bool { [members, children, expansionZoom].contains { $0 != nil } }

    func validate() throws {
        if [members, children, expansionZoom].compactMap({ $0 }).count > 1 {
            throw ValidationError("give only one of --members, --children, --expansion-zoom")
        }
        if limit < 0 || offset < 0 { throw ValidationError("--limit and --offset must not be negative") }
    }

    /// The answer to the question asked, as the command prints it; nil when none is asked.
    func answer(_ index: FeatureClusterIndex, writer: GeoJSONWriter) throws -> [UInt8]? {
        if let id = members { return writer.encode(try index.memberPage(of: id, limit: limit, offset: offset)) }
        if let id = children { return writer.encode(try index.children(of: id)) }
        // One line, even with --pretty.
        if let id = expansionZoom { return GeoJSONWriter().encode(try index.expansionZoomJSON(of: id)) + [0x0A] }
        return nil
    }
}
