import MapEditing
import MapGeometry
import Testing

/// A polygon whose boundary crosses itself is measured as what it encloses, never as a silent 0 m².
@Suite("Measures of invalid polygons")
struct CheckedMeasuresTests {
    let validator = try! EditValidator()

    func polygon(_ ring: [(Double, Double)]) throws -> Geometry {
        .polygon(try Polygon([ring.map { try Position($0.0, $0.1) }]))
    }

    @Test("the sample bow-tie measures the two triangles it encloses, marked as repaired, with the finding")
    func bowTie() throws {
        // Data/drawn.geojson's "bowtie": a 0.0006° x 0.0003° box whose corners are taken in crossing order.
        let bowTie = try polygon([
            (24.941, 60.168), (24.9416, 60.1683), (24.9416, 60.168),
            (24.941, 60.1683), (24.941, 60.168),
        ])
        // The diagonals cross at the box's centre: the enclosed area is two triangles, built by hand.
        let centre = (24.9413, 60.16815)
        let left = try polygon([(24.941, 60.168), centre, (24.941, 60.1683), (24.941, 60.168)])
        let right = try polygon([(24.9416, 60.168), (24.9416, 60.1683), centre, (24.9416, 60.168)])
        let expected = Geodesic.area(of: left) + Geodesic.area(of: right)

        #expect(EditMeasures(bowTie).area < 1)  // the silent wrong number this replaces
        let checked = CheckedMeasures(bowTie, validator: validator)
        #expect(checked.measuredRepaired)
        #expect(checked.findings.map(\.kind) == [.selfIntersection])
        #expect(abs(checked.measures.area - expected) < 0.01, "\(checked.measures.area) vs \(expected)")
        #expect(expected > 550 && expected < 560)
    }

    @Test("a valid polygon is measured as drawn, with no status members")
    func validPolygon() throws {
        let box = try polygon([
            (24.941, 60.168), (24.9416, 60.168), (24.9416, 60.1683), (24.941, 60.1683), (24.941, 60.168),
        ])
        let checked = CheckedMeasures(box, validator: validator)
        #expect(!checked.measuredRepaired && checked.findings.isEmpty && checked.statusMembers.isEmpty)
        #expect(checked.measures == EditMeasures(box))
    }
}
