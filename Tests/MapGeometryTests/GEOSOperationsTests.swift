import Foundation
import Testing
@testable import MapGeometry

@Suite("GEOS operations")
struct GEOSOperationsTests {
    /// A U-shaped building: its centroid falls in the courtyard, outside the polygon.
    let uShape = try! GeosGeometry(wkt: "POLYGON ((0 0, 10 0, 10 10, 7 10, 7 3, 3 3, 3 10, 0 10, 0 0))")

    @Test func pointOnSurfaceIsInsideWhereTheCentroidIsNot() throws {
        let centroid = try uShape.centroid()
        let onSurface = try uShape.pointOnSurface()
        #expect(try !uShape.contains(centroid))
        #expect(try uShape.contains(onSurface))
        let value = try Geometry.polygon(Polygon([[
            Position(0, 0), Position(10, 0), Position(10, 10), Position(7, 10), Position(7, 3),
            Position(3, 3), Position(3, 10), Position(0, 10), Position(0, 0),
        ]]))
        let marker = try #require(try value.pointOnSurface())
        #expect(try PreparedGeometry(value).contains(marker))
    }

    @Test func bufferOfAPointApproachesACircle() throws {
        let circle = try GeosGeometry(wkt: "POINT (0 0)").buffer(10, quadrantSegments: 32)
        let area = try circle.area()
        #expect(abs(area - Double.pi * 100) / (Double.pi * 100) < 0.002)
        #expect(try circle.validity().isValid)
    }

    @Test func unionIntersectionAndDifferenceOfOverlappingSquares() throws {
        let a = try GeosGeometry(wkt: "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))")
        let b = try GeosGeometry(wkt: "POLYGON ((1 1, 3 1, 3 3, 1 3, 1 1))")
        #expect(try a.union(b).area() == 7)
        #expect(try a.intersection(b).area() == 1)
        #expect(try a.difference(b).area() == 3)
        #expect(try GeosGeometry(wkt: "MULTIPOLYGON (((0 0, 2 0, 2 2, 0 2, 0 0)), ((1 1, 3 1, 3 3, 1 3, 1 1)))")
            .unaryUnion().area() == 7)
    }

    @Test func simplifyKeepsTopology() throws {
        // A wiggly ring with a hole close to the boundary: a naive simplification would cross it.
        var shell: [String] = []
        for step in 0...100 {
            let angle = Double(step) / 100 * 2 * .pi
            let radius = 10 + (step % 2 == 0 ? 0.3 : -0.3)
            shell.append("\(radius * cos(angle)) \(radius * sin(angle))")
        }
        shell[100] = shell[0]
        let polygon = try GeosGeometry(wkt: "POLYGON ((\(shell.joined(separator: ", "))), (9 -0.5, 9 0.5, 9.5 0.5, 9.5 -0.5, 9 -0.5))")
        let simplified = try polygon.simplified(tolerance: 1)
        #expect(try simplified.validity().isValid)
        let value = try simplified.geometry()
        #expect(value.positionCount < 60)
        guard case let .polygon(result) = value else { Issue.record("not a polygon"); return }
        #expect(result.rings.count == 2, "the hole survives")
    }

    @Test func hullEnvelopeAndDistance() throws {
        let points = try GeosGeometry(wkt: "MULTIPOINT ((0 0), (4 0), (4 3), (2 1))")
        #expect(try points.convexHull().area() == 6)
        #expect(try points.envelope().area() == 12)
        #expect(try points.distance(to: GeosGeometry(wkt: "POINT (4 7)")) == 4)
    }

    @Test func preparedAgreesWithPlainPredicatesOnAGrid() throws {
        let withHole = try Geometry.polygon(Polygon([
            [Position(0, 0), Position(10, 0), Position(10, 10), Position(0, 10), Position(0, 0)],
            [Position(3, 3), Position(3, 6), Position(6, 6), Position(6, 3), Position(3, 3)],
        ]))
        let prepared = try PreparedGeometry(withHole)
        for x in stride(from: -1.0, through: 11, by: 0.5) {
            for y in stride(from: -1.0, through: 11, by: 0.5) {
                let position = try Position(x, y)
                let point = Geometry.point(position)
                #expect(try prepared.contains(position) == withHole.contains(point))
                #expect(try prepared.covers(position) == GeosGeometry(withHole).covers(GeosGeometry(point)))
            }
        }
        #expect(try !prepared.contains(Position(4, 4)), "inside the hole")
        #expect(try prepared.covers(Position(0, 5)) && !prepared.contains(Position(0, 5)), "on the boundary")
    }

    @Test func badWKTIsASwiftErrorWithGEOSWords() {
        do {
            _ = try GeosGeometry(wkt: "POLYGON ((0 0, 1 0, 1 1")
            Issue.record("truncated WKT was accepted")
        } catch {
            #expect(error.operation == "read WKT")
            #expect(error.message.contains("ParseException"), "\(error.message)")
        }
        #expect(throws: GeometryOperationError.self) { try GeosGeometry(wkt: "POLYGON ((0 0, 1 0, 1 1, 0 1))") }
        #expect(throws: GeometryOperationError.self) { try GeosGeometry(hexWKB: "0103zz") }
    }

    @Test func makeValidOnValuesRepairsABowtie() throws {
        let bowtie = try Geometry.polygon(Polygon([[
            Position(0, 0), Position(10, 10), Position(10, 0), Position(0, 10), Position(0, 0),
        ]]))
        let report = try bowtie.validity()
        #expect(report.problem?.kind == .selfIntersection)
        #expect(report.problem?.location == (try Position(5, 5)))
        let repaired = try bowtie.makeValid()
        #expect(try repaired.validity().isValid)
        guard case let .multiPolygon(parts) = repaired else { Issue.record("expected two triangles"); return }
        #expect(parts.polygons.count == 2)
        #expect(try GeosGeometry(repaired).area() == 50)
    }

    @Test func wktRoundTripThroughValues() throws {
        let source = "MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 2 4, 4 4, 4 2, 2 2)), ((20 20, 30 20, 30 30, 20 20)))"
        let value = try GeosGeometry(wkt: source).geometry()
        #expect(try GeosGeometry(value).wkt == GeosGeometry(wkt: source).wkt)
    }
}
