import Foundation
import MapClustering
import Testing
import TestSupport

/// supercluster 8.0.1's own test fixtures and asserted values (../shared/data/conformance/supercluster).
///
/// Every test that does not depend on the order of a cluster's children runs with both neighbour
/// searches; the order-dependent ones (`getLeaves` paging, `getChildren` order) hold exactly for
/// ``NeighbourSearch/supercluster``, and as sets for ``NeighbourSearch/grid``.
@Suite(.enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct SuperclusterConformanceTests {
    static let searches: [NeighbourSearch] = [.grid, .supercluster]

    /// A tile feature as comparable text: pixel position, then cluster id and count, or the name.
    static func describe(_ feature: [String: Any]) -> String {
        let xy = ((feature["geometry"] as! [Any])[0] as! [Any]).map { Int(Fixtures.number($0)!) }
        let tags = feature["tags"] as! [String: Any]
        if tags["cluster"] as? Bool == true {
            return "\(xy) cluster \(tags["cluster_id"]!) count \(tags["point_count"]!)"
        }
        return "\(xy) \(tags["name"]!)"
    }

    static func describe(_ tile: [TileMarker], names: [String]) -> [String] {
        tile.map { item in
            let xy = [item.x, item.y]
            return item.marker.isCluster
                ? "\(xy) cluster \(item.marker.id) count \(item.marker.count)"
                : "\(xy) \(names[item.marker.id])"
        }
    }

    @Test("tile 0/0/0 of places.json equals supercluster's, as a multiset", arguments: [
        ("places-z0-0-0.json", 2), ("places-z0-0-0-min5.json", 5),
    ], searches)
    func tileMatches(fixture: (file: String, minPoints: Int), search: NeighbourSearch) throws {
        let (file, minPoints) = fixture
        let places = try Fixtures.places()
        let index = try ClusterIndex(points: places.input, options: ClusterOptions(minPoints: minPoints, neighbourSearch: search))
        let expected = (try Fixtures.json(Fixtures.supercluster + file) as! [String: Any])["features"] as! [[String: Any]]
        let ours = Self.describe(try index.tile(z: 0, x: 0, y: 0), names: places.names)
        #expect(ours.count == expected.count)
        #expect(ours.sorted() == expected.map(Self.describe).sorted())
    }

    @Test("children, leaves and expansion zooms of test.js")
    func clusterNavigation() throws {
        let places = try Fixtures.places()
        let index = try ClusterIndex(points: places.input, options: ClusterOptions(neighbourSearch: .supercluster))
        #expect(try index.children(of: 164).map(\.count) == [6, 7, 2, 1])
        let leaves = try index.members(of: 164, limit: 10, offset: 5).map { places.names[$0] }
        #expect(leaves == [
            "Niagara Falls", "Cape San Blas", "Cape Sable", "Cape Canaveral", "San  Salvador",
            "Cabo Gracias a Dios", "I. de Cozumel", "Grand Cayman", "Miquelon", "Cape Bauld",
        ])
        for (id, zoom) in [(164, 1), (196, 1), (581, 2), (1157, 2), (4134, 3)] {
            #expect(try index.expansionZoom(of: id) == zoom, "cluster \(id)")
        }
        let small = try ClusterIndex(
            points: places.input, options: ClusterOptions(radius: 60, extent: 256, maxZoom: 4, neighbourSearch: .supercluster))
        #expect(try small.expansionZoom(of: 2504) == 5)
    }

    @Test("the grid search: test.js's children and leaves as sets, in list order; same expansion zooms")
    func gridClusterNavigation() throws {
        let places = try Fixtures.places()
        let index = try ClusterIndex(points: places.input, options: ClusterOptions(neighbourSearch: .grid))
        let exact = try ClusterIndex(points: places.input, options: ClusterOptions(neighbourSearch: .supercluster))
        #expect(try index.children(of: 164).map(\.count).sorted() == [1, 2, 6, 7])
        #expect(Set(try index.children(of: 164).map(\.id)) == Set(try exact.children(of: 164).map(\.id)))
        let leaves = try index.members(of: 164, limit: 100).map { places.names[$0] }
        #expect(leaves.count == 16)
        #expect(Set(leaves) == Set(try exact.members(of: 164, limit: 100).map { places.names[$0] }))
        #expect(Set(leaves).isSuperset(of: [
            "Niagara Falls", "Cape San Blas", "Cape Sable", "Cape Canaveral", "San  Salvador",
            "Cabo Gracias a Dios", "I. de Cozumel", "Grand Cayman", "Miquelon", "Cape Bauld",
        ]))
        for (id, zoom) in [(164, 1), (196, 1), (581, 2), (1157, 2), (4134, 3)] {
            #expect(try index.expansionZoom(of: id) == zoom, "cluster \(id)")
        }
        let small = try ClusterIndex(
            points: places.input, options: ClusterOptions(radius: 60, extent: 256, maxZoom: 4, neighbourSearch: .grid))
        #expect(try small.expansionZoom(of: 2504) == 5)
    }

    @Test("odd bounding boxes at zoom 1 (longitudes beyond ±180, crossing the antimeridian)", arguments: searches)
    func oddBoxes(search: NeighbourSearch) throws {
        let index = try ClusterIndex(points: try Fixtures.places().input, options: ClusterOptions(neighbourSearch: search))
        let cases: [([Double], Int)] = [
            ([129.42639, -103.720017, -445.930843, 114.518236], 26),
            ([112.207836, -84.578666, -463.149397, 120.169159], 27),
            ([129.886277, -82.33268, -445.470956, 120.39093], 26),
            ([458.220043, -84.239039, -117.13719, 120.206585], 25),
            ([456.713058, -80.354196, -118.644175, 120.539148], 25),
            ([453.105328, -75.857422, -122.251904, 120.73276], 25),
            ([-180, -90, 180, 90], 61),
        ]
        for (box, count) in cases {
            #expect(index.markers(west: box[0], south: box[1], east: box[2], north: box[3], zoom: 1).count == count, "\(box)")
        }
    }

    @Test("point ids in tile 0/0/0 (generateId) and scalerank sums per cluster (map/reduce)", arguments: searches)
    func idsAndSums(search: NeighbourSearch) throws {
        let places = try Fixtures.places()
        let index = try ClusterIndex(points: places.input, options: ClusterOptions(neighbourSearch: search))
        let pointIDs = try index.tile(z: 0, x: 0, y: 0).filter { !$0.marker.isCluster }.map(\.marker.id)
        #expect(pointIDs.sorted() == [12, 20, 21, 22, 24, 28, 30, 62, 81, 118, 119, 125, 81, 118].sorted())

        let wide = try ClusterIndex(points: places.input, options: ClusterOptions(radius: 100, neighbourSearch: search))
        func sums(_ z: Int, _ x: Int, _ y: Int) throws -> [Int] {
            try wide.tile(z: z, x: x, y: y).filter(\.marker.isCluster)
                .map { Int(wide.measures(of: $0.marker)[0].sum) }.filter { $0 != 0 }
        }
        #expect(try sums(1, 0, 0).sorted() == [146, 84, 63, 23, 34, 12, 19, 29, 8, 8, 80, 35].sorted())
        #expect(try sums(0, 0, 0).sorted() == [298, 122, 12, 36, 98, 7, 24, 8, 125, 98, 125, 12, 36, 8].sorted())
    }

    @Test("dateline, same-location points, unrounded single point, empty input", arguments: searches)
    func edgeCases(search: NeighbourSearch) throws {
        var nearDateline = ClusterInput()
        for longitude in [-178.989, -178.990, -178.991, -178.992] { try nearDateline.append(longitude: longitude, latitude: 0) }
        let dateline = try ClusterIndex(points: nearDateline, options: ClusterOptions(neighbourSearch: search))
        #expect(dateline.markers(west: -179, south: -10, east: -177, north: 10, zoom: 1).count == 1)
        #expect(dateline.markers(west: 179, south: -10, east: -177, north: 10, zoom: 1).count == 1)

        var same = ClusterInput()
        for _ in 0..<2 { try same.append(longitude: -1.426798, latitude: 53.943034) }
        let sameIndex = try ClusterIndex(points: same, options: ClusterOptions(radius: 16, extent: 8192, maxZoom: 20, neighbourSearch: search))
        let atTwenty = sameIndex.markers(zoom: 20)
        #expect(atTwenty.count == 1)
        #expect(atTwenty.first?.count == 2)

        var single = ClusterInput()
        try single.append(longitude: 173.19150559062456, latitude: -41.340357424709275)
        let singleIndex = try ClusterIndex(points: single, options: ClusterOptions(maxZoom: 19, neighbourSearch: search))
        let tile = try singleIndex.tile(z: 20, x: 1_028_744, y: 656_754)
        #expect(tile.map { [$0.x, $0.y] } == [[421, 281]])

        let empty = try ClusterIndex(points: ClusterInput(), options: ClusterOptions(neighbourSearch: search))
        #expect(empty.markers(west: -180, south: -85, east: 180, north: 85, zoom: 0).isEmpty)
    }
}
