import Foundation
import MapClustering
import MapGeometry
import Testing
import TestSupport

/// Colours, type breakdowns, paging, ids, viewports and legends on the Helsinki and Andorra objects.
struct ClusterBehaviourTests {
    static let helsinki = try! FeatureClusterIndex(RealData.helsinki)

    @Test("a cluster takes its type's colour when all its objects share it, the neutral colour otherwise")
    func colourRule() throws {
        let index = Self.helsinki
        var sole = 0, mixed = 0
        for zoom in 12...17 {
            for marker in index.index.markers(zoom: Double(zoom)) where marker.isCluster {
                let breakdown = index.index.typeBreakdown(of: marker)
                if breakdown.count == 1 {
                    sole += 1
                    #expect(index.color(of: marker) == index.style(for: breakdown[0].type).color)
                } else {
                    mixed += 1
                    #expect(index.color(of: marker) == "#848F94")
                }
            }
        }
        #expect(sole > 0 && mixed > 0, "Helsinki has both single-type and mixed clusters (\(sole), \(mixed))")

        // Default palette: types sorted, Fiori colours in order.
        #expect(index.style(for: "bank").color == "#5899DA")
        #expect(index.style(for: "bench").color == "#E8743B")
        #expect(index.style(for: "building").color == "#19A979")

        // Grouping by type: every cluster is single-typed and coloured by its type.
        let grouped = try FeatureClusterIndex(RealData.helsinki, options: FeatureClusterOptions(grouping: .property("type")))
        let clusters = grouped.features(zoom: 13).features.filter { $0.properties.bool("cluster") == true }
        #expect(!clusters.isEmpty)
        for cluster in clusters {
            let types = cluster.properties.value("types")?.objectValue
            #expect(types?.count == 1)
            #expect(cluster.properties.string("marker-color") == grouped.style(for: types!.keys[0]).color)
        }
    }

    @Test("a style file sets colours, titles, symbols and the neutral colour")
    func styleFile() throws {
        let json = ##"{"neutral": "#000000", "types": {"tree": {"colour": "#00AA00", "title": "Trees", "symbol": "leaf"}}}"##
        let style = try ClusterStyle(json: Data(json.utf8))
        let index = try FeatureClusterIndex(RealData.helsinki, options: FeatureClusterOptions(style: style))
        #expect(index.style(for: "tree") == ClusterStyle.TypeStyle(color: "#00AA00", title: "Trees", symbol: "leaf"))
        let legend = index.legend(zoom: 14)
        let trees = try #require(legend.first { $0.type == "tree" })
        #expect(trees.title == "Trees" && trees.symbol == "leaf" && trees.count == 649)
        let mixed = index.features(zoom: 12).features.filter {
            $0.properties.bool("cluster") == true && ($0.properties.value("types")?.objectValue?.count ?? 0) > 1
        }
        #expect(!mixed.isEmpty && mixed.allSatisfy { $0.properties.string("marker-color") == "#000000" })

        #expect(throws: ClusterStyleError.self) { try ClusterStyle(json: Data(##"{"types": {"tree": {"color": "green"}}}"##.utf8)) }
        #expect(throws: ClusterStyleError.self) { try ClusterStyle(json: Data("{".utf8)) }
    }

    @Test("type breakdowns add up to the count and match the members' types", arguments: ["helsinki", "andorra"])
    func typeBreakdown(layer: String) throws {
        guard layer == "helsinki" || SharedData.isAvailable else { return }
        let collection = layer == "helsinki" ? RealData.helsinki : RealData.andorra
        let index = try FeatureClusterIndex(collection, options: FeatureClusterOptions(clusterShapes: true))
        var checked = 0
        for zoom in 10...16 {
            for marker in index.index.markers(zoom: Double(zoom)) where marker.isCluster {
                let breakdown = index.index.typeBreakdown(of: marker)
                #expect(breakdown.reduce(0) { $0 + $1.count } == marker.count)
                if checked < 200 {
                    let members = try index.members(of: marker.id, limit: marker.count)
                    #expect(members.count == marker.count)
                    let counted = Dictionary(members.map { ($0.typeProperty ?? "", 1) }, uniquingKeysWith: +)
                    #expect(counted == Dictionary(uniqueKeysWithValues: breakdown.map { ($0.type, $0.count) }))
                    checked += 1
                }
            }
        }
        #expect(checked > 50)
    }

    @Test("members page through a cluster in a stable order, each object once")
    func paging() throws {
        let index = Self.helsinki
        let biggest = try #require(index.index.markers(zoom: 12).filter(\.isCluster).max { $0.count < $1.count })
        let all = try index.index.members(of: biggest.id, limit: biggest.count)
        #expect(all.count == biggest.count && Set(all).count == all.count)
        var paged: [Int] = []
        var offset = 0
        while offset < biggest.count {
            let page = try index.index.members(of: biggest.id, limit: 7, offset: offset)
            #expect(page.count == min(7, biggest.count - offset))
            paged += page
            offset += 7
        }
        #expect(paged == all)
        #expect(try index.index.members(of: biggest.id, limit: 5, offset: biggest.count).isEmpty)
        // The children partition the members.
        let children = try index.index.children(of: biggest.id)
        #expect(children.reduce(0) { $0 + $1.count } == biggest.count)
        // A rebuild gives the same pages.
        let again = try FeatureClusterIndex(RealData.helsinki)
        #expect(try again.index.members(of: biggest.id, limit: 50, offset: 13) == Array(all[13..<63]))
        #expect(throws: ClusterError.self) { try index.index.members(of: 12_345_678) }
    }

    @Test("ids depend only on input and options, and an unchanged cluster keeps its id across zooms")
    func stableIDs() throws {
        let first = Self.helsinki.index
        let second = try FeatureClusterIndex(RealData.helsinki).index
        var kept = 0
        for zoom in 0...17 {
            let markers = first.markers(zoom: Double(zoom))
            #expect(markers == second.markers(zoom: Double(zoom)), "zoom \(zoom)")
            guard zoom > 0 else { continue }
            let below = Dictionary(uniqueKeysWithValues: first.markers(zoom: Double(zoom - 1)).filter(\.isCluster).map { ($0.id, $0) })
            for marker in markers where marker.isCluster {
                guard let same = below[marker.id] else { continue }
                // Same id one zoom out: the very same cluster (same objects, same place).
                #expect(same == marker)
                #expect(try Set(first.members(of: marker.id, limit: .max)) == Set(first.members(of: same.id, limit: .max)))
                kept += 1
            }
        }
        #expect(kept > 0, "some clusters stay unchanged over several zooms")
        // Different options give a different clustering (the ids are not a global counter).
        let wider = try FeatureClusterIndex(RealData.helsinki, options: FeatureClusterOptions(cluster: ClusterOptions(radius: 80))).index
        #expect(wider.markers(zoom: 14).count < first.markers(zoom: 14).count)
    }

    @Test("lines and polygons pass through viewports with stroke/fill, never dropped")
    func shapesPassThrough() throws {
        let index = Self.helsinki
        let world = index.features(zoom: 12).features
        let lines = world.filter { if case .lineString = $0.geometry { true } else { false } }
        let polygons = world.filter { if case .polygon = $0.geometry { true } else { false } }
        #expect(lines.count == 403 && polygons.count == 703)
        #expect(lines.allSatisfy { $0.properties.string("stroke") == index.style(for: $0.typeProperty ?? "").color })
        #expect(polygons.allSatisfy { $0.properties.string("fill") != nil && $0.properties.string("stroke") != nil })
        // A small box keeps only the shapes that reach into it.
        let box = try BoundingBox(west: 24.945, south: 60.168, east: 24.95, north: 60.171)
        let inBox = index.features(zoom: 16, in: box).features.filter { if case .point = $0.geometry { false } else { true } }
        #expect(inBox.count > 0 && inBox.count < lines.count + polygons.count)
        // Every object is accounted for at every zoom: markers' counts plus shapes.
        for zoom in [0.0, 10, 14, 18] {
            let markers = index.index.markers(zoom: zoom)
            #expect(markers.reduce(0) { $0 + $1.count } + 403 + 703 == 3841, "zoom \(zoom)")
        }
    }

    @Test("the legend lists each visible type once with title, colour and count")
    func legend() throws {
        let index = Self.helsinki
        let legend = index.legend(zoom: 13).filter { !$0.isMixed }
        #expect(legend.count == 25)
        #expect(legend.reduce(0) { $0 + $1.count } == 3841)
        #expect(legend.first { $0.type == "tree" }?.count == 649)
        #expect(legend.allSatisfy { $0.color == index.style(for: $0.type).color && $0.title == $0.type })
        let box = try BoundingBox(west: 24.9405, south: 60.1700, east: 24.9420, north: 60.1710)
        let small = index.legend(zoom: 18, in: box)
        #expect(!small.isEmpty && small.count < 25)
    }

    @Test("measures: sum, min, max and mean of a numeric property per cluster")
    func measures() throws {
        guard SharedData.isAvailable else { return }
        // Stop sites carry an `items` count.
        let stops = RealData.read(SharedData.packageRoot.appendingPathComponent("Data/stops.geojson").path)
        let index = try FeatureClusterIndex(stops, options: FeatureClusterOptions(measures: ["items"]))
        let clusters = index.features(zoom: 12).features.filter { $0.properties.bool("cluster") == true }
        #expect(!clusters.isEmpty)
        for cluster in clusters {
            let id = Int(cluster.properties.number("cluster_id")!)
            let members = try index.members(of: id, limit: .max)
            let values = members.compactMap { $0.properties.number("items") }
            #expect(cluster.properties.number("items_sum") == values.reduce(0, +))
            #expect(cluster.properties.number("items_min") == values.min())
            #expect(cluster.properties.number("items_max") == values.max())
        }
    }

    @Test("queries from many threads at once give the serial answers")
    func concurrentQueries() async throws {
        let index = Self.helsinki
        let zooms = Array(0...18)
        let serial = zooms.map { index.features(zoom: Double($0)).features.count }
        let concurrent = await withTaskGroup(of: (Int, Int).self) { group in
            for zoom in zooms {
                group.addTask { (zoom, index.features(zoom: Double(zoom)).features.count) }
            }
            var counts = Array(repeating: 0, count: zooms.count)
            for await (zoom, count) in group { counts[zoom] = count }
            return counts
        }
        #expect(concurrent == serial)
    }
}
