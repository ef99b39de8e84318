import Foundation
import Synchronization
import Testing
@testable import MapGeometry

/// The GEOS and PROJ bridges called from 8 concurrent tasks and from 8 threads at once, each
/// answer compared with a single-threaded run. Also run under `swift test --sanitize=thread`.
///
/// GEOS contexts are per thread and PROJ handles come from a pool, so no C object may be shared
/// by two threads; a race shows up here as a crash, a wrong answer or a TSan report.
@Suite("GEOS and PROJ under concurrency")
struct ConcurrencyStressTests {
    /// Everything computed for one real polygon.
    struct Answers: Equatable {
        let validity: ValidityReport
        let scrambledValidity: ValidityReport
        let repaired: Geometry
        let buffered: Geometry
        let mercator: [Coordinate]
        let utm: [Coordinate]
        let area: Double
        let perimeter: Double
        let outline: Double
    }

    /// Real OSM polygons of Helsinki and Andorra (with holes among them), from the geodesic reference data.
    let polygons: [MapGeometry.Polygon]

    init() throws {
        let reference = try GeodesicReference.load()
        let real = reference.polygons.filter { $0.name.hasPrefix("helsinki") || $0.name.hasPrefix("andorra") }
        polygons = try stride(from: 0, to: real.count, by: 4).map { try real[$0].polygon() }
    }

    /// The same ring with its second and third positions swapped: mostly self-intersecting.
    static func scrambled(_ polygon: MapGeometry.Polygon) -> MapGeometry.Polygon {
        var positions = polygon.rings[0].positions
        positions.swapAt(1, 2)
        return MapGeometry.Polygon([LinearRing(unchecked: positions)])
    }

    static func answers(for polygon: MapGeometry.Polygon, mercator: CoordinateTransform) throws -> Answers {
        let geometry = Geometry.polygon(polygon)
        let scrambled = Geometry.polygon(scrambled(polygon))
        let kept = try GeosGeometry(geometry)  // one GEOS geometry for several operations
        var projected = polygon.rings[0].positions.map(Coordinate.init)
        try mercator.transform(&projected)
        // The cache hands every task the same transform object.
        var utm = polygon.rings[0].positions.map(Coordinate.init)
        try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:25832").transform(&utm)
        return Answers(
            validity: try kept.validity(),
            scrambledValidity: try scrambled.validity(),
            repaired: try scrambled.makeValid(),
            buffered: try kept.buffer(0.0001, quadrantSegments: 4).geometry(),
            mercator: projected,
            utm: utm,
            area: Geodesic.area(of: polygon),
            perimeter: Geodesic.perimeter(of: polygon),
            outline: Geodesic.length(of: polygon.rings[0].positions))
    }

    /// Answers for every polygon, starting at `offset` so concurrent workers are at different places.
    static func pass(
        _ polygons: [MapGeometry.Polygon], offset: Int, mercator: CoordinateTransform
    ) throws -> [Int: Answers] {
        var result: [Int: Answers] = [:]
        for step in 0..<polygons.count {
            let index = (offset + step) % polygons.count
            result[index] = try answers(for: polygons[index], mercator: mercator)
        }
        return result
    }

    /// Runs `pass` until `duration` is over (at least once) and counts passes that differ from `expected`.
    static func repeatPasses(
        _ polygons: [MapGeometry.Polygon], offset: Int, for duration: Duration, mercator: CoordinateTransform,
        expected: [Int: Answers]
    ) throws -> (passes: Int, mismatches: Int) {
        let deadline = ContinuousClock.now + duration
        var passes = 0, mismatches = 0
        repeat {
            if try pass(polygons, offset: offset, mercator: mercator) != expected { mismatches += 1 }
            passes += 1
        } while ContinuousClock.now < deadline
        return (passes, mismatches)
    }

    @Test func eightTasksGetTheSingleThreadedAnswers() async throws {
        #expect(polygons.count >= 40)
        let mercator = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:3857")
        let expected = try Self.pass(polygons, offset: 0, mercator: mercator)
        // The scrambled rings really exercise make-valid: most of them are invalid.
        #expect(expected.values.filter { !$0.scrambledValidity.isValid }.count > polygons.count / 2)

        let outcomes = try await withThrowingTaskGroup(of: (passes: Int, mismatches: Int).self) { group in
            for task in 0..<8 {
                group.addTask {
                    try Self.repeatPasses(
                        polygons, offset: task * 7, for: .milliseconds(1200), mercator: mercator, expected: expected)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 8)
        #expect(outcomes.map(\.mismatches) == Array(repeating: 0, count: 8), "passes per task: \(outcomes.map(\.passes))")
    }

    /// The cooperative pool has one thread per core; 8 threads make the scheduler interleave
    /// GEOS and PROJ calls preemptively, and each thread's exit finishes its GEOS context.
    @Test func eightThreadsGetTheSingleThreadedAnswers() async throws {
        let mercator = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:3857")
        let expected = try Self.pass(polygons, offset: 0, mercator: mercator)
        let outcomes = Mutex<[String]>([])
        let finished = DispatchGroup()
        for thread in 0..<8 {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                let outcome: String
                do {
                    let (passes, mismatches) = try Self.repeatPasses(
                        polygons, offset: thread * 5, for: .milliseconds(1200), mercator: mercator, expected: expected)
                    outcome = mismatches == 0 ? "ok" : "\(mismatches) of \(passes) passes differ"
                } catch {
                    outcome = "threw \(error)"
                }
                outcomes.withLock { $0.append(outcome) }
            }
        }
        // Wait without blocking a thread of the cooperative pool.
        await withCheckedContinuation { continuation in
            finished.notify(queue: .global()) { continuation.resume() }
        }
        #expect(outcomes.withLock { $0 } == Array(repeating: "ok", count: 8))
    }
}
