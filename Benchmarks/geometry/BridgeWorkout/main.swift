// Every GEOS and PROJ bridge call, success and failure paths, repeated ROUNDS times on one
// thread: the program to run under `valgrind --leak-check=full` (valgrind 3.19 crashes on the
// Swift Testing binary, whose runtime uses Dispatch threads). A leak per call shows up in the
// "definitely lost" figure as a multiple of ROUNDS.
//
//   bin=$(Benchmarks/geometry/build.sh BridgeWorkout)
//   ROUNDS=200 valgrind --leak-check=full "$bin"
import BenchmarkInputs
import MapGeometry

#if canImport(Glibc)
import Glibc
#endif

let rounds = getenv("ROUNDS").flatMap { Int(String(cString: $0)) } ?? 200

func position(_ longitude: Double, _ latitude: Double) -> Position {
    try! Position(longitude, latitude)
}

func ring(_ pairs: [(Double, Double)]) -> [Position] { pairs.map { position($0.0, $0.1) } }

let building = Geometry.polygon(BenchmarkInputs.buildingPolygon())
let street = Geometry.lineString(BenchmarkInputs.street())
let withHole = Geometry.polygon(try! Polygon([
    ring([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]),
    ring([(2, 2), (2, 4), (4, 4), (4, 2), (2, 2)]),
]))
let bowtie = Geometry.polygon(try! Polygon([ring([(0, 0), (10, 10), (10, 0), (0, 10), (0, 0)])]))
let collection = Geometry.geometryCollection([
    building, street, .point(position(24.94, 60.17)),
    .multiPolygon(MultiPolygon([try! Polygon([ring([(0, 0), (1, 0), (1, 1), (0, 0)])])])),
])
let shapes = [building, street, withHole, bowtie, collection]

var answers = 0  // counts results so the work cannot be optimised away
var failures = 0  // expected errors seen

for _ in 0..<rounds {
    // GEOS, one-off calls on values.
    for shape in shapes {
        if try shape.validity().isValid { answers += 1 }
        if case .polygon = try shape.makeValid() { answers += 1 }
        _ = try shape.makeValid(method: .linework, keepCollapsed: true)
        _ = try shape.buffer(0.0001, quadrantSegments: 4)
        _ = try shape.simplified(tolerance: 0.00001)
        _ = try shape.convexHull()
        _ = try shape.envelope()
        _ = try shape.centroid()
        _ = try shape.pointOnSurface()
        if try shape.intersects(building) { answers += 1 }
        if try shape.contains(street) { answers += 1 }
        if try shape.within(withHole) { answers += 1 }
        answers += Int(try shape.planarDistance(to: street))
    }
    // Geometry kept in GEOS, derived geometries, WKT out and back.
    let kept = try GeosGeometry(withHole)
    let other = try GeosGeometry(bowtie)
    answers += Int(try kept.area() + kept.length())
    let repaired = try other.makeValid()
    _ = try kept.intersection(repaired).geometry()
    _ = try kept.difference(repaired).geometry()
    _ = try kept.union(repaired).unaryUnion().normalized().geometry()
    // GEOS refuses overlay with an invalid input (a TopologyException becomes a Swift error).
    do { _ = try kept.intersection(other) } catch { failures += 1 }
    _ = try GeosGeometry(wkt: kept.wkt).geometry()
    if try kept.covers(try GeosGeometry(.point(position(1, 1)))) { answers += 1 }
    if try kept.equalsTopologically(kept.normalized()) { answers += 1 }
    // Prepared geometry for repeated point-in-polygon tests.
    let prepared = try PreparedGeometry(withHole)
    for x in 0..<10 where try prepared.contains(position(Double(x) + 0.5, 3)) { answers += 1 }
    // GEOS failure paths: bad WKT and WKB, and an operation GEOS refuses.
    do { _ = try GeosGeometry(wkt: "POLYGON ((0 0, 1 1") } catch { failures += 1 }
    do { _ = try GeosGeometry(hexWKB: "0103zz") } catch { failures += 1 }
    do { _ = try GeosGeometry(wkt: "POLYGON ((0 0, 1 0, 1 1, 0 0), (5 5, 6 5, 6 6))") } catch { failures += 1 }

    // PROJ: bulk, single and geometry transforms, their inverse, and the failure paths.
    let mercator = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:3857")
    var coordinates = BenchmarkInputs.streetLine.map { Coordinate(x: $0.longitude, y: $0.latitude) }
    try mercator.transform(&coordinates)
    try mercator.transform(&coordinates, inverse: true)
    _ = try mercator.transform(withHole)
    _ = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:2056").transform(Coordinate(x: 7.44, y: 46.95))
    var unreachable = [Coordinate(x: 10, y: 50), Coordinate(x: 10, y: 90.5)]
    do { try mercator.transform(&unreachable) } catch { failures += 1 }
    do { _ = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:99999999") } catch { failures += 1 }

    // Geodesics (no allocation of their own; here for completeness of the bridge).
    if case let .lineString(line) = street { answers += Int(Geodesic.length(of: line)) }
    answers += Int(Geodesic.area(of: withHole) / 1e9)
    _ = Geodesic.destination(from: position(24.94, 60.17), azimuth: 45, distance: 1000)
}

print("BridgeWorkout: \(rounds) rounds, \(answers) answers, \(failures) expected failures")
guard failures == 6 * rounds else {
    print("expected 6 failures a round, saw \(failures)")
    exit(1)
}
