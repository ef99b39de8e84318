import MapClustering
import MapGeoJSON
import MapQuery
import Testing

/// A FeatureFilter (visible layers, property values) decides what takes part in clustering.
struct FilterTests {
    static let visible: Set<String> = ["restaurant", "shop", "tram_stop"]

    @Test("clusters count only the features that pass, and equal the clustering of just those features")
    func clustersCountOnlyVisible() throws {
        let all = RealData.helsinki
        let filter = FeatureFilter.oneOf("type", Self.visible)
        let index = try FeatureClusterIndex(all, options: FeatureClusterOptions(filter: filter))
        let passing = all.features.filter { $0.geometry != nil && Self.visible.contains($0.typeProperty ?? "") }
        #expect(passing.count > 100 && passing.count < all.features.count / 2)
        let alone = try FeatureClusterIndex(FeatureCollection(features: passing))

        for zoom in [0.0, 12, 14, 17] {
            let markers = index.index.markers(zoom: zoom)
            #expect(markers.reduce(0) { $0 + $1.count } == passing.filter { $0.geometry?.typeName == "Point" }.count)
            for marker in markers {
                #expect(Set(index.index.typeBreakdown(of: marker).map(\.type)).isSubset(of: Self.visible))
            }
            // The same clusters as clustering the passing features alone (ids differ: they count
            // positions in the input, and the filtered input keeps the original positions).
            func shape(_ markers: [Marker]) -> [String] {
                markers.map { "\($0.count) \($0.longitude) \($0.latitude)" }.sorted()
            }
            #expect(shape(markers) == shape(alone.index.markers(zoom: zoom)), "zoom \(zoom)")
            #expect(Set(index.legend(zoom: zoom).filter { !$0.isMixed }.map(\.type)).isSubset(of: Self.visible))
        }
        // Members and single objects are the original features.
        let cluster = try #require(index.index.markers(zoom: 12).first { $0.isCluster })
        let members = try index.members(of: cluster.id, limit: 1000)
        #expect(members.count == cluster.count)
        #expect(members.allSatisfy { Self.visible.contains($0.typeProperty ?? "") })
    }

    @Test("a property condition filters too; the everything filter changes nothing")
    func propertyCondition() throws {
        let condition = try FeatureFilter.parse("type=tram_stop")
        let index = try FeatureClusterIndex(RealData.helsinki, options: FeatureClusterOptions(filter: condition))
        let stops = RealData.helsinki.features.filter { $0.typeProperty == "tram_stop" }.count
        #expect(index.index.pointCount == stops)
        #expect(index.features(zoom: 10).features.allSatisfy {
            $0.properties.string("type") == "tram_stop" || $0.properties.value("types")?.objectValue?.keys == ["tram_stop"]
        })
        // A layer keeps its palette colour whatever else is filtered out.
        #expect(index.style(for: "tram_stop") == ClusterBehaviourTests.helsinki.style(for: "tram_stop"))
        let everything = try FeatureClusterIndex(RealData.helsinki, options: FeatureClusterOptions(filter: .everything))
        #expect(everything.features(zoom: 13) == ClusterBehaviourTests.helsinki.features(zoom: 13))
    }
}
