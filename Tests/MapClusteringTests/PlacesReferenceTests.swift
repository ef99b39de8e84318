import Foundation
import MapClustering
import Testing
import TestSupport

/// supercluster 8.0.1's answers on the 234,908 GeoNames places (places_supercluster_reference.json).
@Suite(.enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct PlacesReferenceTests {
    @Test("per-zoom marker counts and the five largest zoom-2 clusters equal supercluster's")
    func matchesReference() throws {
        let reference = try Fixtures.json(Fixtures.supercluster + "places_supercluster_reference.json") as! [String: Any]
        let (input, index) = RealData.places
        #expect(input.count == reference["features"] as? Int)

        for zoomSummary in reference["per_zoom"] as! [[String: Any]] {
            let zoom = zoomSummary["zoom"] as! Int
            let markers = index.markers(zoom: Double(zoom))
            let clusters = markers.filter(\.isCluster)
            #expect(markers.count == zoomSummary["markers"] as? Int, "markers at zoom \(zoom)")
            #expect(clusters.count == zoomSummary["clusters"] as? Int, "clusters at zoom \(zoom)")
            #expect(markers.count - clusters.count == zoomSummary["singles"] as? Int, "singles at zoom \(zoom)")
            #expect(clusters.reduce(0) { $0 + $1.count } == zoomSummary["points_in_clusters"] as? Int, "zoom \(zoom)")
            #expect(clusters.map(\.count).max() == zoomSummary["largest_cluster"] as? Int, "zoom \(zoom)")
        }

        let largest = index.markers(zoom: 2).filter(\.isCluster).sorted { $0.count > $1.count }.prefix(5)
        for (ours, expected) in zip(largest, reference["z2_largest"] as! [[String: Any]]) {
            let coordinates = expected["coordinates"] as! [Double]
            #expect(ours.count == expected["point_count"] as? Int)
            #expect(abs(ours.longitude - coordinates[0]) < 5e-7 && abs(ours.latitude - coordinates[1]) < 5e-7,
                    "\(ours.longitude), \(ours.latitude) vs \(coordinates)")
            #expect(try index.expansionZoom(of: ours.id) == expected["expansion_zoom"] as? Int)
        }
    }

    @Test("the grid search gives the supercluster search's markers at every zoom: ids, counts, centres to 1e-12°")
    func gridMatchesExactSearch() throws {
        let (input, grid) = RealData.places
        #expect(grid.options.neighbourSearch == .grid)
        let exact = try ClusterIndex(points: input, options: ClusterOptions(neighbourSearch: .supercluster))
        #expect(grid.clusterCount == exact.clusterCount)
        var largestShift = 0.0
        for zoom in 0...17 {
            let ours = Dictionary(uniqueKeysWithValues: grid.markers(zoom: Double(zoom)).map { ($0.id, $0) })
            let theirs = Dictionary(uniqueKeysWithValues: exact.markers(zoom: Double(zoom)).map { ($0.id, $0) })
            #expect(Set(ours.keys) == Set(theirs.keys), "marker ids at zoom \(zoom)")
            for (id, marker) in ours {
                guard let other = theirs[id] else { continue }
                #expect(marker.count == other.count, "count of \(id) at zoom \(zoom)")
                largestShift = max(largestShift, abs(marker.longitude - other.longitude), abs(marker.latitude - other.latitude))
            }
        }
        // Centres are summed in list order instead of KD-tree order: the last bits may differ.
        print("largest centre difference grid vs supercluster search: \(largestShift)°")
        #expect(largestShift <= 1e-12)  // measured: 5e-14°
    }
}
