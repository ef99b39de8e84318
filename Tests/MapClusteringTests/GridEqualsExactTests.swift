import MapClustering
import MapGeometry
import Testing
import TestSupport

/// The grid neighbour search (the default) gives the supercluster search's markers at every zoom,
/// however the index is built: in full, or from a zoom up as `mapctl cluster --zoom Z` and
/// `--tile Z/x/y` build it (a build of the top zoom alone once left every point unclustered there).
@Suite("Grid search equals the exact search")
struct GridEqualsExactTests {
    /// Ids and counts of the markers, and the largest centre difference (centres are summed in
    /// list order instead of KD-tree order: the last bits may differ).
    static func compare(_ grid: ClusterIndex, _ exact: ClusterIndex, zoom: Int, _ label: String) -> Double {
        let ours = Dictionary(uniqueKeysWithValues: grid.markers(zoom: Double(zoom)).map { ($0.id, $0) })
        let theirs = Dictionary(uniqueKeysWithValues: exact.markers(zoom: Double(zoom)).map { ($0.id, $0) })
        let different = Set(ours.keys).symmetricDifference(theirs.keys)
        #expect(different.isEmpty, "\(different.count) marker ids differ, \(label), view at \(zoom): \(different.sorted().prefix(8))")
        var shift = 0.0
        for (id, marker) in ours {
            guard let other = theirs[id] else { continue }
            #expect(marker.count == other.count, "count of \(id), \(label), view at \(zoom)")
            shift = max(shift, abs(marker.longitude - other.longitude), abs(marker.latitude - other.latitude))
        }
        return shift
    }

    @Test("Helsinki and Andorra objects: every build-from zoom 0...16, every view from there to 17")
    func objectLayers() throws {
        var largestShift = 0.0
        for (name, collection) in zip(["Helsinki", "Andorra"], RealData.layers) {
            for from in 0...16 {
                func index(_ search: NeighbourSearch) throws -> ClusterIndex {
                    try FeatureClusterIndex(collection, options: FeatureClusterOptions(
                        cluster: ClusterOptions(minZoom: from, neighbourSearch: search), clusterShapes: true)).index
                }
                let grid = try index(.grid), exact = try index(.supercluster)
                for zoom in from...17 {
                    largestShift = max(largestShift, Self.compare(grid, exact, zoom: zoom, "\(name) built from \(from)"))
                }
            }
        }
        #expect(largestShift <= 1e-12)
    }

    @Test("234,908 places built from the top zoom (mapctl cluster --zoom 16): the grid's markers are the exact search's",
          .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
    func placesTopZoom() throws {
        let input = RealData.places.input
        for from in [15, 16] {
            let grid = try ClusterIndex(points: input, options: ClusterOptions(minZoom: from, neighbourSearch: .grid))
            let exact = try ClusterIndex(points: input, options: ClusterOptions(minZoom: from, neighbourSearch: .supercluster))
            for zoom in from...17 {
                #expect(Self.compare(grid, exact, zoom: zoom, "places built from \(from)") <= 1e-12)
            }
            // The figures: 234,756 markers of which 150 clusters at zoom 16.
            if from == 16 {
                let markers = grid.markers(zoom: 16)
                #expect(markers.count == 234_756 && markers.filter(\.isCluster).count == 150)
            }
        }
    }
}
