import Testing
@testable import MapGeometry

@Suite("Geometry values refuse invalid states")
struct GeometryValueTests {
    @Test func positionRejectsNonFiniteAndOutOfRange() {
        #expect(throws: GeometryError(.nonFiniteCoordinate(axis: "longitude", value: .infinity))) {
            try Position(longitude: .infinity, latitude: 0)
        }
        #expect(throws: GeometryError(.latitudeOutOfRange(91))) { try Position(24.9, 91) }
        #expect(throws: GeometryError(.longitudeOutOfRange(190))) { try Position(190, 60) }
        #expect(throws: GeometryError.self) { try Position(longitude: 0, latitude: 0, altitude: .nan) }
    }

    @Test func unwrappedAndPlanarDomainsRelaxRanges() throws {
        let unwrapped = try Position(longitude: 190, latitude: 60, domain: .unwrappedGeographic)
        #expect(unwrapped.longitude == 190)
        #expect(throws: GeometryError.self) {
            try Position(longitude: 190, latitude: 100, domain: .unwrappedGeographic)
        }
        #expect(try Position(longitude: 300, latitude: 220, domain: .planar).latitude == 220)
        #expect(throws: GeometryError.self) { try Position(longitude: .nan, latitude: 0, domain: .planar) }
    }

    @Test func ringMustBeClosedAndLongEnough() throws {
        let a = try Position(24.9, 60.1), b = try Position(24.8, 60.1), c = try Position(24.8, 60.2)
        #expect(throws: GeometryError(.tooFewPositions(minimum: 4, found: 3))) {
            try LinearRing([a, b, a])
        }
        #expect(throws: GeometryError(.ringNotClosed(first: a, last: b))) {
            try LinearRing([a, b, c, b])
        }
        let ring = try LinearRing([a, b, c, a])
        #expect(ring.positions.count == 4)
    }

    @Test func polygonErrorsNameTheRingIndex() throws {
        let a = try Position(0, 0), b = try Position(1, 0), c = try Position(1, 1)
        do {
            _ = try Polygon([[a, b, c, a], [a, b, c]])
            Issue.record("an unclosed hole was accepted")
        } catch {
            #expect(error.path == [1])
            #expect(error.description == "coordinates[1]: needs at least 4 positions, found 3")
        }
    }

    @Test func lineNeedsTwoPositionsOrNone() throws {
        #expect(throws: GeometryError(.tooFewPositions(minimum: 2, found: 1))) {
            try LineString([Position(0, 0)])
        }
        #expect(try LineString([]).isEmpty)
    }

    @Test func rewindGivesCounterclockwiseShellAndClockwiseHoles() throws {
        let shellClockwise = try LinearRing([
            Position(0, 0), Position(0, 10), Position(10, 10), Position(10, 0), Position(0, 0),
        ])
        let holeCounterclockwise = try LinearRing([
            Position(2, 2), Position(4, 2), Position(4, 4), Position(2, 4), Position(2, 2),
        ])
        let rewound = Polygon([shellClockwise, holeCounterclockwise]).rewoundToRightHandRule
        #expect(rewound.rings[0].isCounterclockwise)
        #expect(!rewound.rings[1].isCounterclockwise)
        #expect(rewound.rings[0] == shellClockwise.reversed)
    }

    @Test func boundingBoxAcrossTheAntimeridian() throws {
        let fiji = try BoundingBox(west: 177, south: -19, east: -179, north: -16)
        #expect(fiji.crossesAntimeridian)
        #expect(fiji.longitudeSpan == 4)
        #expect(fiji.contains(try Position(179.5, -17)))
        #expect(fiji.contains(try Position(-179.5, -17)))
        #expect(!fiji.contains(try Position(0, -17)))
        #expect(throws: GeometryError(.southNorthOfNorth(south: 10, north: 5))) {
            try BoundingBox(west: 0, south: 10, east: 1, north: 5)
        }
    }
}
