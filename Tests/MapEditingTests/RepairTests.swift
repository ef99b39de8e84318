import MapGeometry
import Testing
@testable import MapEditing

@Suite("Repair")
struct RepairTests {
    static func p(_ x: Double, _ y: Double) -> DrawnPosition { DrawnPosition(24.94 + x * 0.001, 60.17 + y * 0.0005) }

    @Test func fixesWhatAClientSends() throws {
        // Unclosed, clockwise, a double tap, a NaN from a broken client and a spike.
        let drawing = DrawnGeometry.polygon([[
            Self.p(0, 0), Self.p(0, 1), Self.p(0, 1), DrawnPosition(.nan, .nan), Self.p(1, 1), Self.p(1, 2), Self.p(1, 1), Self.p(1, 0),
        ]])
        #expect(!(try EditValidator().validate(drawing).isValid))
        let result = GeometryRepairer().repair(drawing)
        #expect(result.isRepaired, "\(result.report.findings)")
        #expect(result.changes.map(\.kind) == [.removedNonFinitePosition, .closedRing, .removedRepeatedPositions, .removedSpike, .removedRepeatedPositions, .rewoundRing])
        #expect(result.changes[1].userMessage == "Closed the boundary back to its first point.")
        let expected = Geometry.polygon(try Polygon([[Self.p(0, 0), Self.p(1, 0), Self.p(1, 1), Self.p(0, 1), Self.p(0, 0)].map {
            try Position($0.longitude, $0.latitude)
        }]))
        #expect(result.geometry == expected)
    }

    @Test func bowtieIsRebuiltByMakeValid() throws {
        let bowtie = DrawnGeometry.polygon([[Self.p(0, 0), Self.p(1, 1), Self.p(1, 0), Self.p(0, 1), Self.p(0, 0)]])
        for method in [MakeValidMethod.structure, .linework] {
            let result = GeometryRepairer(makeValidMethod: method).repair(bowtie)
            #expect(result.isRepaired)
            guard case let .multiPolygon(parts) = result.geometry else { Issue.record("\(String(describing: result.geometry))"); continue }
            #expect(parts.polygons.count == 2)
            #expect(parts.polygons.allSatisfy { $0.rings[0].isCounterclockwise })
            #expect(result.changes.last?.kind == .madeValid)
            #expect(result.changes.last?.technicalMessage.contains(method == .structure ? "(structure)" : "(linework)") == true)
        }
    }

    @Test func whatCannotBeRepairedIsSaid() {
        for drawing in [
            DrawnGeometry.lineString([Self.p(0, 0)]),
            .lineString([Self.p(0, 0), Self.p(0, 0)]),
            .polygon([[Self.p(0, 0), Self.p(1, 0), Self.p(2, 0), Self.p(0, 0)]]),
            .point(DrawnPosition(24.9, 91)),
        ] {
            let result = GeometryRepairer().repair(drawing)
            #expect(result.geometry == nil || !result.report.isValid, "\(drawing)")
            #expect(!result.isRepaired)
            #expect(!result.report.errors.isEmpty)
        }
    }

    @Test func collapsedPartsAreDropped() throws {
        let multi = DrawnGeometry.multiLineString([[Self.p(0, 0), Self.p(0, 0)], [Self.p(0, 0), Self.p(1, 1)]])
        let result = GeometryRepairer().repair(multi)
        #expect(result.isRepaired)
        #expect(result.changes.map(\.kind) == [.removedRepeatedPositions, .removedCollapsedPart])
        #expect(result.changes[1].index == DrawingIndex(part: 0))
    }
}
