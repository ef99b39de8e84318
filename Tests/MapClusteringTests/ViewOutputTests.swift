import Foundation
import MapClustering
import MapGeometry
import MapGeoJSON
import Testing

/// The streamed GeoJSON of a view, and views built only from their own zoom up (what
/// `mapctl cluster --zoom Z` does), against the full index and the plain writer.
struct ViewOutputTests {
    static func streamed(_ index: FeatureClusterIndex, zoom: Double, box: BoundingBox = .world, parallel: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunks = 0
        // A small chunk size so that the output really arrives in many pieces.
        index.writeFeatures(zoom: zoom, in: box, chunkSize: 4096, parallel: parallel) { chunk in
            bytes.append(contentsOf: chunk)
            chunks += 1
        }
        return bytes
    }

    @Test("streamed output is byte for byte the writer's encoding of the view (points, lines, polygons, clusters)",
          arguments: [false, true])
    func streamedEqualsWriter(clusterShapes: Bool) throws {
        let writer = GeoJSONWriter()
        for collection in RealData.layers {
            let index = try FeatureClusterIndex(collection, options: FeatureClusterOptions(clusterShapes: clusterShapes))
            for zoom in [0.0, 10, 12.5, 14, 17] {
                let expected = writer.encode(index.features(zoom: zoom))
                #expect(Self.streamed(index, zoom: zoom, parallel: false) == expected, "zoom \(zoom)")
                #expect(Self.streamed(index, zoom: zoom, parallel: true) == expected, "zoom \(zoom), two threads")
            }
            let box = try BoundingBox(west: 1.50, south: 42.50, east: 24.95, north: 60.17)
            #expect(Self.streamed(index, zoom: 15, box: box, parallel: true) == writer.encode(index.features(zoom: 15, in: box)))
        }
        // An empty view is an empty collection.
        let empty = try FeatureClusterIndex(FeatureCollection())
        #expect(Self.streamed(empty, zoom: 3, parallel: true) == writer.encode(FeatureCollection()))
    }

    @Test("a view's bytes with its legend (written directly) are the writer's encoding of the view (legend built as a value)")
    func viewBytesEqualView() throws {
        let writer = GeoJSONWriter()
        var mixedSeen = false
        for collection in RealData.layers {
            let index = try FeatureClusterIndex(collection)
            for zoom in [0.0, 8, 12.5, 14, 17] {
                let view = index.view(zoom: zoom)
                mixedSeen = mixedSeen || index.legend(zoom: zoom).contains { $0.isMixed }
                #expect(index.viewBytes(zoom: zoom) == writer.encode(view), "zoom \(zoom)")
            }
        }
        #expect(mixedSeen, "a view with clusters of several types, whose legend has the mixed entry")
        // Titles and symbols that need escaping, and a symbol, as a style file may give them.
        let style = ClusterStyle(types: ["shop": .init(color: "#112233", title: "Shops \"24/7\" \\ all", symbol: "shop\n")])
        let shops = try GeoJSONReader().read(string: """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"type":"shop"},"geometry":{"type":"Point","coordinates":[24.9,60.1]}}]}
            """).featureCollection
        let index = try FeatureClusterIndex(shops, options: FeatureClusterOptions(style: style))
        #expect(index.viewBytes(zoom: 5) == writer.encode(index.view(zoom: 5)))
    }

    @Test("an object that already has a marker-color, or no properties, is written as the writer writes it")
    func styledEdgeCases() throws {
        let geojson = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"type":"shop","marker-color":"#000000"},"geometry":{"type":"Point","coordinates":[24.9,60.1]}},
            {"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[-70.0,-33.4]}},
            {"type":"Feature","id":"a\\"properties\\":{}","properties":{ },"geometry":{"type":"Point","coordinates":[139.7,35.6]}},
            {"type":"Feature","properties":{"type":"road"},"geometry":{"type":"LineString","coordinates":[[2.35,48.85],[2.36,48.86]]}}
            ]}
            """
        let collection = try GeoJSONReader().read(string: geojson).featureCollection
        let index = try FeatureClusterIndex(collection)
        let streamed = Self.streamed(index, zoom: 16, parallel: false)
        #expect(streamed == GeoJSONWriter().encode(index.features(zoom: 16)))
        let text = String(decoding: streamed, as: UTF8.self)
        #expect(text.contains(##""marker-color":"#000000""##) == false, "the type colour replaces the input's")
        #expect(text.contains(##""properties":{"stroke":"#"##) == false && text.contains(##""type":"road","stroke":"#"##))
    }

    @Test("built from zoom Z up, a view at Z or above equals the full index's: markers, ids, counts, expansion zooms")
    func partialBuildMatchesFull() throws {
        for collection in RealData.layers {
            let full = try FeatureClusterIndex(collection)
            for z in [9, 12, 15] {
                let partial = try FeatureClusterIndex(collection, options: FeatureClusterOptions(cluster: ClusterOptions(minZoom: z)))
                for zoom in z...17 {
                    #expect(partial.features(zoom: Double(zoom)) == full.features(zoom: Double(zoom)), "built from \(z), view at \(zoom)")
                }
                for marker in partial.index.markers(zoom: Double(z)) where marker.isCluster {
                    #expect(try partial.index.children(of: marker.id).map(\.id) == full.index.children(of: marker.id).map(\.id))
                }
            }
        }
    }
}

/// Input far denser than any marker level: where the grid stops storing neighbours and asks on demand.
struct DenseInputTests {
    @Test("20,000 points within metres, in two groups: the grid search gives the supercluster search's markers")
    func denseInput() throws {
        var input = ClusterInput()
        var state: UInt64 = 42
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for i in 0..<20_000 {
            // About ±5 m around a point in Helsinki; two groups, as with --group-by.
            try input.append(
                longitude: 24.9384 + (random() - 0.5) * 1e-4, latitude: 60.1699 + (random() - 0.5) * 5e-5,
                group: UInt32(i % 2))
        }
        let grid = try ClusterIndex(points: input, options: ClusterOptions(neighbourSearch: .grid))
        let exact = try ClusterIndex(points: input, options: ClusterOptions(neighbourSearch: .supercluster))
        #expect(grid.clusterCount == exact.clusterCount)
        for zoom in 0...17 {
            let ours = grid.markers(zoom: Double(zoom)).map { "\($0.id) \($0.count)" }.sorted()
            let theirs = exact.markers(zoom: Double(zoom)).map { "\($0.id) \($0.count)" }.sorted()
            #expect(ours == theirs, "zoom \(zoom)")
        }
        // At zoom 0 each group is one cluster.
        #expect(grid.markers(zoom: 0).map(\.count).sorted() == [10_000, 10_000])
    }
}
