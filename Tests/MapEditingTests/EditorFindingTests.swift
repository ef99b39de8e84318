import MapGeometry
import Testing
@testable import MapEditing

/// What a person drawing sees for the typical mistakes: the kind, the severity, the place
/// and the sentence. Coordinates are a small plot in Helsinki.
@Suite("Editor findings")
struct EditorFindingTests {
    /// A corner of a 100 m × 100 m-ish square south-west of Helsinki's railway station.
    static func p(_ x: Double, _ y: Double) -> DrawnPosition { DrawnPosition(24.94 + x * 0.0018, 60.17 + y * 0.0009) }
    static let square = [p(0, 0), p(1, 0), p(1, 1), p(0, 1), p(0, 0)]
    let validator = try! EditValidator()

    @Test func counterclockwiseSquareIsClean() {
        let report = validator.validate(.polygon([Self.square]))
        #expect(report.isValid)
        #expect(report.findings.isEmpty)
    }

    @Test func bowtieCrossesItselfNearAVertex() throws {
        let report = validator.validate(.polygon([[Self.p(0, 0), Self.p(1, 1), Self.p(1, 0), Self.p(0, 1), Self.p(0, 0)]]))
        #expect(!report.isValid)
        let error = try #require(report.errors.first)
        #expect(error.kind == .selfIntersection)
        #expect(report.validityKind == .selfIntersection)
        #expect(error.index.ring == 0 && error.index.vertex != nil)
        #expect(error.userMessage.hasPrefix("The boundary crosses itself near vertex "))
        // GEOS's crossing point, the middle of the square.
        let location = try #require(error.location)
        #expect(abs(location.longitude - Self.p(0.5, 0.5).longitude) < 1e-9)
        #expect(abs(location.latitude - Self.p(0.5, 0.5).latitude) < 1e-9)
    }

    @Test func doubleTapIsAWarning() throws {
        let report = validator.validate(.polygon([[Self.p(0, 0), Self.p(1, 0), Self.p(1, 0), Self.p(1, 1), Self.p(0, 1), Self.p(0, 0)]]))
        #expect(report.isValid)
        let warning = try #require(report.warnings.first)
        #expect(warning.kind == .repeatedPosition)
        #expect(warning.index == DrawingIndex(ring: 0, vertex: 2))
        #expect(warning.userMessage == "Vertex 3 is placed twice in the same spot; the copy will be removed.")
    }

    @Test func spikeIsOneErrorAtItsTip() throws {
        let report = validator.validate(.polygon([[Self.p(0, 0), Self.p(1, 0), Self.p(1, 1), Self.p(1, 2), Self.p(1, 1), Self.p(0, 1), Self.p(0, 0)]]))
        #expect(report.validityKind == .ringSelfIntersection)
        #expect(report.errors.map(\.kind) == [.spike])
        #expect(report.errors[0].index.vertex == 3)
        #expect(report.errors[0].userMessage == "The boundary goes out and straight back at vertex 4.")
    }

    @Test func collinearRingHasNoArea() {
        let report = validator.validate(.polygon([[Self.p(0, 0), Self.p(0.5, 0), Self.p(1, 0), Self.p(0, 0)]]))
        #expect(report.errors.map(\.kind) == [.zeroAreaRing])
        #expect(report.validityKind == .selfIntersection)
    }

    @Test func unclosedRingAndOneTapLineNeverReachGEOS() {
        let unclosed = validator.validate(.polygon([Array(Self.square.dropLast())]))
        #expect(!unclosed.topologyChecked)
        #expect(unclosed.errors.map(\.kind) == [.ringNotClosed])
        #expect(unclosed.errors[0].userMessage == "The boundary is not closed: it should end where it starts.")
        let oneTap = validator.validate(.lineString([Self.p(0, 0)]))
        #expect(oneTap.errors.map(\.kind) == [.tooFewPositions])
        #expect(oneTap.validityKind == .tooFewPoints)
    }

    @Test func brokenClientCoordinates() {
        let report = validator.validate(.lineString([Self.p(0, 0), DrawnPosition(.nan, 60.17), DrawnPosition(24.9, 95)]))
        #expect(report.errors.map(\.kind) == [.nonFiniteCoordinate, .coordinateOutOfRange])
        #expect(report.errors[0].location == Position(uncheckedLongitude: Self.p(0, 0).longitude, latitude: Self.p(0, 0).latitude))
        #expect(report.errors[1].technicalMessage.contains("latitude 95.0 is outside -90...90"))
        #expect(report.validityKind == .invalidCoordinate)
    }

    @Test func clockwiseBoundaryAndCounterclockwiseHoleAreWarnings() {
        let hole = [Self.p(0.2, 0.2), Self.p(0.4, 0.2), Self.p(0.4, 0.4), Self.p(0.2, 0.4), Self.p(0.2, 0.2)]
        let report = validator.validate(.polygon([Self.square.reversed(), hole]))
        #expect(report.isValid)
        #expect(report.warnings.map(\.kind) == [.wrongOrientation, .wrongOrientation])
        #expect(report.warnings.map(\.index.ring) == [0, 1])
    }

    @Test func holeOutsideAndNestedShells() {
        let far = [Self.p(3, 3), Self.p(3.5, 3), Self.p(3.5, 3.5), Self.p(3, 3.5), Self.p(3, 3)].reversed()
        let outside = validator.validate(.polygon([Self.square, Array(far)]))
        #expect(outside.errors.map(\.kind) == [.holeOutsideShell])
        #expect(outside.errors[0].index.ring == 1)
        let inner = [Self.p(0.2, 0.2), Self.p(0.4, 0.2), Self.p(0.4, 0.4), Self.p(0.2, 0.4), Self.p(0.2, 0.2)]
        let nested = validator.validate(.multiPolygon([[Self.square], [inner]]))
        #expect(nested.errors.map(\.kind) == [.nestedShells])
        #expect(nested.errors[0].userMessage.hasPrefix("One part lies inside another part"))
    }

    @Test func lineThatDoublesBackIsOnlyAWarning() {
        let report = validator.validate(.lineString([Self.p(0, 0), Self.p(1, 0), Self.p(0.5, 0)]))
        #expect(report.isValid)
        #expect(report.warnings.map(\.kind) == [.spike])
    }

    @Test func emptyDrawing() {
        let report = validator.validate(.polygon([]))
        #expect(report.isValid)
        #expect(report.warnings.map(\.kind) == [.empty])
    }
}
