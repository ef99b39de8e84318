import Testing
@testable import MapGeometry

/// Geodesic measures against GeographicLib (Python), over real OSM lines and polygons of
/// Helsinki and Andorra, Natural Earth's Antarctica, South Africa (with a hole) and Fiji,
/// and lines and rings across the antimeridian and around both poles.
@Suite("Geodesic measures match GeographicLib")
struct GeodesicReferenceTests {
    let reference: GeodesicReference

    init() throws { reference = try GeodesicReference.load() }

    /// Relative error of `value` against `expected`.
    static func relativeError(_ value: Double, _ expected: Double) -> Double {
        expected == 0 ? abs(value) : abs(value - expected) / abs(expected)
    }

    /// Difference of two angles in degrees, ignoring whole turns (-180 and 180 are the same azimuth).
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        let difference = (a - b).truncatingRemainder(dividingBy: 360)
        return min(abs(difference), 360 - abs(difference))
    }

    /// The area bar: relative 1e-8, or 0.1 m² for small areas.
    static func areaWithinBar(_ area: Double, _ expected: Double) -> Bool {
        abs(area - expected) <= max(1e-8 * abs(expected), 0.1)
    }

    @Test func inverseDistancesAndAzimuths() throws {
        #expect(reference.inverse.count >= 100)
        for pair in reference.inverse {
            let solution = Geodesic.inverse(
                from: try ReferenceFixtures.position(pair.from), to: try ReferenceFixtures.position(pair.to))
            // Relative 1e-9, with a nanometre floor for the centimetre-long pair.
            #expect(abs(solution.distance - pair.distance) <= max(1e-9 * pair.distance, 1e-9), "\(pair.name)")
            #expect(Self.angleDifference(solution.initialAzimuth, pair.azimuth1) <= 1e-8, "\(pair.name) azimuth 1")
            #expect(Self.angleDifference(solution.finalAzimuth, pair.azimuth2) <= 1e-8, "\(pair.name) azimuth 2")
            let distance = Geodesic.distance(
                from: try ReferenceFixtures.position(pair.from), to: try ReferenceFixtures.position(pair.to))
            #expect(distance == solution.distance, "\(pair.name): distance(from:to:) and inverse disagree")
        }
    }

    @Test func polylineLengths() throws {
        #expect(reference.lines.count >= 200)
        for line in reference.lines {
            let length = Geodesic.length(of: try line.lineString())
            #expect(Self.relativeError(length, line.length) <= 1e-9, "\(line.name): \(length) m, expected \(line.length) m")
        }
    }

    @Test func linesAcrossTheAntimeridianAndOverThePoles() throws {
        let edgeCases = reference.lines.filter {
            $0.name.contains("antimeridian") || $0.name.contains("pole") || $0.name.contains("antipodal")
        }
        #expect(edgeCases.count == 5)
        for line in edgeCases {
            let length = Geodesic.length(of: try line.lineString())
            #expect(Self.relativeError(length, line.length) <= 1e-9, "\(line.name): \(length) m, expected \(line.length) m")
        }
    }

    @Test func polygonAreasAndPerimetersWithHoles() throws {
        let withHoles = reference.polygons.filter { $0.coordinates.count > 1 }
        #expect(withHoles.count >= 40, "the sample must include polygons with holes")
        for entry in reference.polygons {
            let polygon = try entry.polygon()
            let area = Geodesic.area(of: polygon)
            #expect(Self.areaWithinBar(area, entry.area), "\(entry.name): \(area) m², expected \(entry.area) m²")
            let perimeter = Geodesic.perimeter(of: polygon)
            #expect(
                Self.relativeError(perimeter, entry.perimeter) <= 1e-9,
                "\(entry.name): perimeter \(perimeter) m, expected \(entry.perimeter) m")
        }
    }

    @Test func ringsAroundThePolesMeasureThePolarCap() throws {
        let rings = reference.polygons.filter { $0.name.hasPrefix("ring of latitude") }
        #expect(rings.count == 3)
        for entry in rings {
            let area = Geodesic.area(of: try entry.polygon())
            #expect(Self.areaWithinBar(area, entry.area), "\(entry.name): \(area) m², expected \(entry.area) m²")
            // About 3.9 million km²: the cap, not the rest of the Earth.
            #expect(area > 3.8e12 && area < 4.0e12, "\(entry.name)")
        }
    }

    @Test func polygonsAcrossTheAntimeridianAndAntarctica() throws {
        let cases = reference.polygons.filter { $0.name.contains("antimeridian") || $0.name.hasPrefix("Antarctica") }
        #expect(cases.count == 3 + 8)
        for entry in cases {
            let area = Geodesic.area(of: try entry.polygon())
            #expect(Self.areaWithinBar(area, entry.area), "\(entry.name): \(area) m², expected \(entry.area) m²")
        }
        // Antarctica's largest part reaches the pole along ±180; it is about 12 million km², not the rest of the world.
        let mainland = try #require(cases.first { $0.name == "Antarctica (Natural Earth 1:110m) part 7" })
        #expect(Geodesic.area(of: try mainland.polygon()) > 1.2e13)
    }

    @Test func destinationPoints() throws {
        #expect(reference.destinations.count >= 30)
        for entry in reference.destinations {
            let reached = Geodesic.destination(
                from: try ReferenceFixtures.position(entry.from), azimuth: entry.azimuth, distance: entry.distance)
            // 1e-9 degrees is about 0.1 mm.
            #expect(Self.angleDifference(reached.longitude, entry.to[0]) <= 1e-9, "\(entry.name) longitude")
            #expect(abs(reached.latitude - entry.to[1]) <= 1e-9, "\(entry.name) latitude")
            #expect((-180...180).contains(reached.longitude), "\(entry.name): longitude not wrapped")
        }
    }
}
