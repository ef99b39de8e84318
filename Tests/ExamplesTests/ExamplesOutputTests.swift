import Foundation
import MapClustering
import MapGeometry
import MapGeoJSON
import Testing

/// Runs the `Examples` executable (the code the README quotes) and checks what it prints
/// against independent answers: plain JSON parsing and spherical formulas, and for the
/// cluster counts the library called directly.
@Suite struct ExamplesOutputTests {
    let run = ExamplesProcess.output

    /// The numbers in a line, in order.
    private func numbers(_ text: String) -> [Double] {
        text.matches(of: /-?\d+(\.\d+)?(e-?\d+)?/).compactMap { Double(String($0.output.0)) }
    }

    private func line(_ prefix: String) throws -> String {
        try #require(run.values(prefix).first, "no line starting with '\(prefix)' in:\n\(run.lines.joined(separator: "\n"))")
    }

    @Test func runsToTheEnd() {
        #expect(run.status == 0, "Examples exited with \(run.status): \(run.standardError)")
        for name in ["geojson", "extents", "clustering", "route", "directions", "planning", "validate"] {
            #expect(!run.values("\(name): ").isEmpty, "the \(name) example printed nothing")
        }
    }

    @Test func geoJSONNearAndNearestMatchABruteForceScan() throws {
        let features = try PlainGeo.features("objects.geojson")
        #expect(try line("geojson: ").hasPrefix("\(features.count) features, 0 warnings"))

        let here: PlainGeo.Point = (24.9414, 60.1713)
        let shops = features.filter { ["restaurant", "shop"].contains(PlainGeo.property($0, "type") as? String ?? "") }
        let distances = shops.compactMap { f in PlainGeo.point(f).map { (PlainGeo.haversine(here, $0), f) } }
            .sorted { $0.0 < $1.0 }
        #expect(distances.count == shops.count, "restaurants and shops are all points in the sample")
        let near = try #require(run.values("geojson: ").first { $0.contains("within 300 m") })
        let count = Int(try #require(numbers(near).first))
        // The engine measures on the ellipsoid, the reference on a sphere: allow 1 % at the edge.
        let surely = distances.filter { $0.0 <= 297 }.count, atMost = distances.filter { $0.0 <= 303 }.count
        #expect(surely <= count && count <= atMost, "\(count) within 300 m; brute force \(surely)...\(atMost)")

        let nearest = try #require(near.split(separator: "nearest: ").last).split(separator: ", ")
        #expect(nearest.count == 3)
        for (printed, reference) in zip(nearest, distances.prefix(3)) {
            let name = PlainGeo.property(reference.1, "name") as? String ?? "unnamed"
            #expect(printed == "\(name) \(Int(reference.0.rounded())) m" || printed.hasPrefix(name + " "),
                "nearest: printed \(printed), brute force \(name) at \(reference.0) m")
        }
    }

    @Test func extentsShowEveryObjectBesideThePanel() throws {
        let center = numbers(try line("extents: center "))
        let visible = numbers(try line("extents: visible "))
        #expect(center.count == 4 && visible.count == 4)
        let (lon, lat, zoom) = (center[0], center[1], center[2])
        let all = try PlainGeo.features("objects.geojson").flatMap {
            PlainGeo.positions(($0["geometry"] as? [String: Any])?["coordinates"])
        }
        let west = all.map(\.lon).min()!, east = all.map(\.lon).max()!
        let south = all.map(\.lat).min()!, north = all.map(\.lat).max()!
        #expect(visible[0] <= west && visible[2] >= east && visible[1] <= south && visible[3] >= north)

        // iPad 1024 x 768, 320-point panel on the left, 24-point margin: 656 x 720 free points.
        func size(_ z: Double) -> (Double, Double) {
            let sw = PlainGeo.pixel((west, south), zoom: z), ne = PlainGeo.pixel((east, north), zoom: z)
            return (ne.x - sw.x, sw.y - ne.y)
        }
        let fits = size(zoom), tooBig = size(zoom + 1)
        #expect(fits.0 <= 656.5 && fits.1 <= 720.5, "the data does not fit at zoom \(zoom): \(fits)")
        #expect(tooBig.0 > 656 || tooBig.1 > 720, "zoom \(zoom + 1) would fit too: \(tooBig)")
        // The data's centre sits in the middle of the free area, 160 points right of the screen's.
        let camera = PlainGeo.pixel((lon, lat), zoom: zoom)
        let sw = PlainGeo.pixel((west, south), zoom: zoom), ne = PlainGeo.pixel((east, north), zoom: zoom)
        #expect(abs((sw.x + ne.x) / 2 - camera.x - 160) < 0.5 && abs((sw.y + ne.y) / 2 - camera.y) < 0.5)
    }

    @Test func clusteringCountsAreTheLibrarysAndCoverEveryPoint() throws {
        let features = try PlainGeo.features("objects.geojson")
        let pointCount = features.filter { PlainGeo.geometryType($0) == "Point" }.count
        let summary = numbers(try line("clustering: zoom 14: "))
        #expect(summary.count == 3)

        let index = try FeatureClusterIndex(try GeoJSONReader().read(contentsOfFile:
            ExamplesProcess.packageRoot.appendingPathComponent("Data/objects.geojson").path).featureCollection)
        let markers = index.index.markers(in: .world, zoom: 14)
        #expect(Int(summary[0]) == markers.count && Int(summary[1]) == markers.filter(\.isCluster).count)
        #expect(Int(summary[2]) == pointCount, "every point object is in exactly one marker")

        let largest = numbers(try line("clustering: largest cluster "))
        let biggest = try #require(markers.filter(\.isCluster).max { $0.count < $1.count })
        #expect(largest.count == 4)
        #expect(Int(largest[1]) == biggest.count && Int(largest[3]) == min(5, biggest.count))
        #expect(Int(largest[2]) > 14, "a cluster seen at zoom 14 splits further in")
        #expect(try index.members(of: Int(largest[0]), limit: .max).count == Int(largest[1]))

        // The legend of the whole layer counts every object per type.
        var perType: [String: Int] = [:]
        for feature in features { perType[PlainGeo.property(feature, "type") as? String ?? "", default: 0] += 1 }
        let legend = try line("clustering: legend: ").split(separator: ", ").map { $0.split(separator: " ") }
        #expect(legend.count == perType.count)
        for entry in legend where entry.count == 3 {
            #expect(perType[String(entry[0])] == Int(entry[2]), "legend \(entry)")
        }
    }

    @Test func planningAnswersTheSameRouteAsGeoJSON() throws {
        // The same stops, start and seed as the route example: the same number of stops, and
        // GeoJSON holding a line, a start and one point per stop.
        let route = numbers(try #require(run.lines.first { $0.hasPrefix("route: ") && $0.hasSuffix(" s") }))
        let planning = numbers(try line("planning: "))
        #expect(planning.count == 2 && route.first == planning.first)
        #expect((planning.last ?? 0) > 100 * (planning.first ?? 0), "a stop's point feature alone takes over 100 bytes")
    }

    @Test func routeVisitsEveryStopOnceAndBeatsNearestNeighbour() throws {
        let stops = try PlainGeo.features("stops.geojson")
        let ids = stops.compactMap { PlainGeo.property($0, "id") as? String }
        let order = try line("route: order ").split(separator: ",").map(String.init)
        #expect(order.count == ids.count && Set(order) == Set(ids), "every stop exactly once")

        let position = Dictionary(uniqueKeysWithValues: zip(ids, stops.compactMap(PlainGeo.point)))
        let start: PlainGeo.Point = (24.9384, 60.1699)
        var places = [start]
        for id in order where places.last! != position[id]! {  // objects at one site: one stop
            places.append(position[id]!)
        }
        places.append(start)
        let length = zip(places, places.dropFirst()).map { PlainGeo.haversine($0, $1) }.reduce(0, +)
        let summary = numbers(try #require(run.lines.first { $0.hasPrefix("route: ") && $0.hasSuffix(" s") }))
        #expect(summary.count == 3)
        #expect(Int(summary[0]) == Set(ids.map { "\(position[$0]!)" }).count, "one visit per distinct site")
        // Straight-line costs: geodesic metres x 1.3 (the sphere is within 0.5 % of it) at 30 km/h.
        #expect(abs(summary[1] - 1.3 * length) < 0.01 * summary[1], "printed \(summary[1]) m, the order measures \(1.3 * length) m")
        #expect(abs(summary[2] - summary[1] / (30 / 3.6)) <= 1)

        // A plain nearest-neighbour round trip is the floor any ordering search must beat.
        var left = Set(ids), at = start, greedy = 0.0
        while let next = left.min(by: { PlainGeo.haversine(at, position[$0]!) < PlainGeo.haversine(at, position[$1]!) }) {
            greedy += PlainGeo.haversine(at, position[next]!)
            at = position[next]!
            left.remove(next)
        }
        greedy += PlainGeo.haversine(at, start)
        #expect(length < greedy, "route \(length) m is not shorter than nearest neighbour's \(greedy) m")
    }

    @Test func directionsFollowTheRoadsAtCitySpeed() throws {
        let values = numbers(try line("directions: "))
        #expect(values.count == 3)
        let straight = PlainGeo.haversine((24.9384, 60.1699), (24.9521, 60.1675))
        #expect(values[0] >= straight && values[0] < 3 * straight, "\(values[0]) m for \(straight) m straight")
        #expect(values[1] > 0 && values[0] / values[1] <= 80 / 3.6, "faster than 80 km/h in the city centre")
        #expect(values[2] >= 2)
    }

    @Test func crossingDrawingsAreInvalidAndUnclosedOnesRefused() throws {
        let drawn = try PlainGeo.features("drawn.geojson")
        var crossing = 0
        for feature in drawn where PlainGeo.geometryType(feature) == "Polygon" {
            let id = try #require(feature["id"] as? String)
            let rings = ((feature["geometry"] as? [String: Any])?["coordinates"] as? [Any] ?? []).map(PlainGeo.positions)
            let verdict = run.values("validate: \(id) ")
            if rings.contains(where: { $0.first! != $0.last! }) {
                #expect(verdict == ["refused: ring_not_closed"], "\(id): \(verdict)")
            } else if rings.contains(where: PlainGeo.selfCrosses) {
                crossing += 1
                #expect(verdict.first?.hasPrefix("valid=false errors=[self_intersection") == true, "\(id): \(verdict)")
                #expect(verdict.first?.hasSuffix("repaired=true") == true, "\(id): \(verdict)")
            }
        }
        #expect(crossing >= 1, "the sample's bowtie crosses itself")
        #expect(run.values("validate: yard ").first == "valid=true errors=[]")

        let yard = try #require(drawn.first { $0["id"] as? String == "yard" })
        let ring = PlainGeo.positions(((yard["geometry"] as? [String: Any])?["coordinates"] as? [Any])?.first)
        let area = try #require(numbers(try line("validate: yard area ")).first)
        #expect(abs(area - PlainGeo.smallRingArea(ring)) < 0.001 * area, "yard \(area) m2, shoelace \(PlainGeo.smallRingArea(ring))")
    }
}

/// The examples of the main types beyond the README's first six: index, tour, fleet, edit session.
@Suite struct MoreExamplesOutputTests {
    let run = ExamplesProcess.output

    private func numbers(_ text: String) -> [Double] {
        text.matches(of: /-?\d+(\.\d+)?/).compactMap { Double(String($0.output.0)) }
    }

    private func line(_ prefix: String) throws -> String {
        try #require(run.values(prefix).first, "no line starting with '\(prefix)'")
    }

    /// An example's source, to take its literal inputs from rather than copying them here.
    private func source(_ file: String) throws -> String {
        try String(contentsOf: ExamplesProcess.packageRoot.appendingPathComponent("Sources/Examples/\(file)"), encoding: .utf8)
    }

    @Test func indexCandidatesEqualABoxScan() throws {
        let features = try PlainGeo.features("objects.geojson")
        let box = try #require(try source("IndexExample.swift").firstMatch(of: /BoundingBox\(west: ([\d.]+), south: ([\d.]+), east: ([\d.]+), north: ([\d.]+)\)/))
        let (west, south, east, north) = (Double(box.output.1)!, Double(box.output.2)!, Double(box.output.3)!, Double(box.output.4)!)
        let meeting = features.filter { feature in
            let p = PlainGeo.positions((feature["geometry"] as? [String: Any])?["coordinates"])
            guard !p.isEmpty else { return false }
            return p.map(\.lon).min()! <= east && p.map(\.lon).max()! >= west
                && p.map(\.lat).min()! <= north && p.map(\.lat).max()! >= south
        }
        #expect(numbers(try line("index: ")) == [Double(meeting.count), Double(features.count)])
    }

    @Test func tourIsTheCheapestOfAllOrders() throws {
        let rows = try source("TourExample.swift").matches(of: /\[(\d+(?:, \d+)+)\]/)
            .map { $0.output.1.split(separator: ", ").map { Double($0)! } }
        #expect(rows.count == 5 && rows.allSatisfy { $0.count == 5 })
        func cost(_ order: [Int]) -> Double {
            zip(order, order.dropFirst() + [order[0]]).map { rows[$0][$1] }.reduce(0, +)
        }
        // Every order of places 1...4 after the start 0.
        func permutations(_ items: [Int]) -> [[Int]] {
            items.count <= 1 ? [items] : items.indices.flatMap { i in
                permutations(Array(items[..<i] + items[(i + 1)...])).map { [items[i]] + $0 }
            }
        }
        let best = permutations([1, 2, 3, 4]).map { cost([0] + $0) }.min()!
        let printed = try line("tour: order ")
        let order = try #require(printed.split(separator: " ").first).split(separator: ",").map { Int($0)! }
        #expect(Set(order) == Set(0..<5) && order.count == 5 && order.first == 0)
        #expect(cost(order) == best && printed.contains("cost \(best) optimal true"), "\(printed); brute force \(best)")
    }

    @Test func fleetServesEveryStopWithinCapacity() throws {
        let stops = try PlainGeo.features("stops.geojson")
        let items = stops.map { (PlainGeo.property($0, "items") as? Int) ?? 1 }.reduce(0, +)
        let routes = run.values("fleet: van-").map(numbers)
        #expect(!routes.isEmpty && routes.count <= 4)
        let unassigned = Int(try #require(numbers(try line("fleet: unassigned ")).first))
        // "van-N S stops I items D m"
        #expect(routes.allSatisfy { $0.count == 4 })
        #expect(routes.map { Int($0[1]) }.reduce(0, +) + unassigned == stops.count, "each stop on one route or unassigned")
        #expect(routes.allSatisfy { $0[2] <= 160 }, "a van carries at most 160 items: \(routes)")
        if unassigned == 0 { #expect(routes.map { Int($0[2]) }.reduce(0, +) == items) }
    }

    @Test func editSessionReportsFollowTheGeometry() throws {
        let text = try source("EditSessionExample.swift")
        let tapLine = try #require(text.split(separator: "\n").first { $0.contains("for (lon, lat) in") })
        let taps = tapLine.matches(of: /\((24\.\d+), (60\.\d+)\)/).map { (Double(String($0.output.1))!, Double(String($0.output.2))!) }
        let moved = try #require(text.firstMatch(of: /vertex: (\d)\), to: DrawnPosition\((24\.\d+), (60\.\d+)\)/))
        #expect(taps.count == 4)
        var square: [PlainGeo.Point] = taps.map { ($0.0, $0.1) }
        square.append(square[0])
        var dragged = square
        dragged[Int(String(moved.output.1))!] = (Double(String(moved.output.2))!, Double(String(moved.output.3))!)
        #expect(!PlainGeo.selfCrosses(square) && PlainGeo.selfCrosses(dragged))

        let first = try line("edit: square ")
        #expect(first.hasPrefix("valid=true"))
        let area = try #require(numbers(first).first)  // "valid=true area A m2"
        #expect(abs(area - PlainGeo.smallRingArea(square)) <= max(1, 0.001 * area), "\(area) m2 vs \(PlainGeo.smallRingArea(square))")
        #expect(run.values("edit: dragged ") == ["valid=false errors=[self_intersection]"])
        #expect(run.values("edit: undone ") == ["valid=true"])
    }
}
