import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport
@testable import MapRouting

/// Stop sites from business objects, and planned routes on the Helsinki sample stops.
@Suite("Stops and routes")
struct StopAndRouteTests {
    static let stopsFile = SharedData.packageRoot.appendingPathComponent("Data/stops.geojson").path

    static func sampleFeatures() throws -> [Feature] {
        try GeoJSONReader().read(contentsOfFile: stopsFile).features
    }

    @Test func objectsAtOneLocationBecomeOneSite() throws {
        let here = try Position(24.94, 60.17), there = try Position(24.95, 60.17)
        let sites = StopGrouping.sites(from: [
            StopObject(id: "a", position: here, items: 3),
            StopObject(id: "b", position: there),
            StopObject(id: "c", position: here),
        ])
        #expect(sites == [
            StopSite(position: here, items: 4, objectIds: ["a", "c"]),
            StopSite(position: there, items: 1, objectIds: ["b"]),
        ])
    }

    @Test func snappingJoinsNearbyObjectsOnly() throws {
        let a = try Position(24.94, 60.17)
        let b = Geodesic.destination(from: a, azimuth: 90, distance: 8)
        let c = Geodesic.destination(from: b, azimuth: 90, distance: 8)  // chained through b
        let far = Geodesic.destination(from: a, azimuth: 0, distance: 50)
        let objects = [a, b, c, far].enumerated().map { StopObject(id: "\($0.offset)", position: $0.element) }
        #expect(StopGrouping.sites(from: objects).count == 4)
        let snapped = StopGrouping.sites(from: objects, snappingDistance: 10)
        #expect(snapped.map(\.objectIds) == [["0", "1", "2"], ["3"]])
        #expect(snapped[0].position == a && snapped[0].items == 3)
    }

    @Test func sampleStopsRouteVisitsEverySiteOnceWithConsistentTotals() throws {
        let features = try Self.sampleFeatures()
        let sites = StopGrouping.sites(from: try StopObject.objects(from: features))
        let expectedItems = features.reduce(0) { $0 + Int($1.properties.number("items") ?? 1) }
        let start = try Position(24.9384, 60.1699)
        let request = RouteRequest(sites: sites, start: start, end: .returnToStart)
        let route = try RoutePlanner.plan(request, options: TourSearchOptions(iterations: 300, timeLimit: nil))
        #expect(route.visits.count == sites.count)
        #expect(Set(route.visits.map(\.siteIndex)) == Set(sites.indices))
        #expect(route.visits.map(\.sequence) == Array(1...sites.count))
        #expect(route.itemCount == expectedItems)
        let legs = route.visits.reduce(0) { $0 + $1.legDistance } + route.finishDistance
        #expect(abs(legs - route.distance) < 1e-6)
        #expect(abs(route.visits.last!.arrivalOffset + route.finishDuration - route.duration) < 1e-6)
        // A leg is the geodesic distance times the default detour factor.
        let first = route.visits[0]
        #expect(abs(first.legDistance - Geodesic.distance(from: start, to: first.site.position) * 1.3) < 1e-6)
        // The optimised route is much shorter than visiting the sites in file order.
        let fileOrder = zip([start] + sites.map(\.position), sites.map(\.position) + [start])
            .reduce(0.0) { $0 + Geodesic.distance(from: $1.0, to: $1.1) * 1.3 }
        #expect(route.distance < fileOrder / 3)
    }

    @Test(arguments: [RouteEnd<Position>.anywhere, .returnToStart])
    func smallSampleRouteIsTheBruteForceOptimum(end: RouteEnd<Position>) throws {
        let sites = Array(StopGrouping.sites(from: try StopObject.objects(from: Self.sampleFeatures())).prefix(8))
        let request = RouteRequest(sites: sites, start: try Position(24.9384, 60.1699), end: end)
        let route = try RoutePlanner.plan(request)
        #expect(route.isProvenOptimal)
        let matrices = try GeodesicMatrixProvider().matrices(for: request.places)
        let problem = try TourProblem(costs: matrices.distances, end: end == .anywhere ? .anywhere : .returnToStart)
        #expect(abs(route.distance - Fixtures.bruteForce(problem)) < 1e-6)
    }

    @Test func routeFeaturesCarryWhatTheMapShows() throws {
        let sites = Array(StopGrouping.sites(from: try StopObject.objects(from: Self.sampleFeatures())).prefix(5))
        let end = try Position(24.95, 60.18)
        let route = try RoutePlanner.plan(RouteRequest(sites: sites, start: try Position(24.9384, 60.1699), end: .at(end)))
        let features = RouteFeatures.features(of: route, colorIndex: 1)
        #expect(features.count == 1 + 1 + 5 + 1)
        let line = features[0]
        guard case .lineString(let path) = line.geometry else { Issue.record("route is not a LineString"); return }
        #expect(path.positions.count == 7)
        #expect(line.properties.number("stop_count") == 5)
        #expect(line.properties.number("item_count") == Double(sites.reduce(0) { $0 + $1.items }))
        #expect(line.properties.string("color") == "#E8743B")
        #expect(line.properties.string("label") == RouteFeatures.label(for: route))
        let stops = features.filter { $0.properties.string("role") == "stop" }
        #expect(stops.map { $0.properties.string("label") } == ["1", "2", "3", "4", "5"])
        #expect(stops.allSatisfy { $0.properties.value("object_ids")?.arrayValue?.isEmpty == false })
        #expect(features.last?.properties.string("role") == "end")
    }

    @Test func noStopsAndWrongMatrixSizeAreErrors() throws {
        #expect(throws: RouteError.noStops) { try RoutePlanner.plan(RouteRequest(sites: [])) }
        let site = StopSite(position: try Position(24.94, 60.17), items: 1, objectIds: ["a"])
        let matrices = try TravelMatrices(distances: CostMatrix(rows: [[0]]), durations: CostMatrix(rows: [[0]]))
        #expect(throws: RouteError.matrixSize(expected: 2, found: 1)) {
            try RoutePlanner.plan(RouteRequest(sites: [site], start: try Position(24.95, 60.17)), matrices: matrices)
        }
    }

    @Test func nonPointFeaturesAndBadItemsAreNamed() throws {
        let document = try GeoJSONReader().read(string: """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"items":2},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}]}
            """)
        #expect(throws: StopInputError.notAPoint(index: 1, found: "LineString")) {
            try StopObject.objects(from: document.features)
        }
        let bad = try GeoJSONReader().read(string: """
            {"type":"Feature","properties":{"items":-1},"geometry":{"type":"Point","coordinates":[1,2]}}
            """)
        #expect(throws: StopInputError.self) { try StopObject.objects(from: bad.features) }
    }
}
