import Foundation
import MapGeometry
import Testing
@testable import MapEditing

/// A field worker outlines a storage yard in Helsinki: 12 taps (clockwise, as people often
/// draw), then drags a corner across the outline, sees the problem, and undoes the drag.
@Suite("Edit session")
struct EditSessionTests {
    /// The 12 taps: an irregular dodecagon about 150 m across, clockwise.
    static let taps: [DrawnPosition] = (0..<12).map { step in
        let angle = -Double(step) * .pi / 6
        let radius = step.isMultiple(of: 2) ? 1.0 : 1.15
        return DrawnPosition(24.9410 + radius * 0.0014 * cos(angle), 60.1690 + radius * 0.0007 * sin(angle))
    }

    @Test func replayTwelveTapsADragAndAnUndo() throws {
        var session = EditSession(shape: .polygon, validator: try EditValidator())
        #expect(session.report.warnings.map(\.kind) == [.empty])

        for (step, tap) in Self.taps.enumerated() {
            let report = try session.addVertex(tap)
            if step < 2 {
                // One or two taps: not an area yet, and the panel says so (nothing else).
                #expect(report.findings.map(\.kind) == [.tooFewPositions], "tap \(step + 1)")
                #expect(report.findings[0].userMessage == "The boundary needs at least three corners.")
                #expect(session.measures == nil)
            } else {
                // From the third tap on it is a valid area, drawn clockwise: a warning only.
                #expect(report.isValid, "tap \(step + 1): \(report.findings)")
                #expect(report.findings.map(\.kind) == [.wrongOrientation], "tap \(step + 1)")
                let measures = try #require(session.measures)
                #expect(measures.area > 0 && measures.perimeter > 0)
            }
        }
        let finished = session.report
        let area = try #require(session.measures?.area)
        #expect(area > 15_000 && area < 25_000, "\(area) m²")

        // Drag vertex 4 (index 3) across the yard, past the opposite side: the outline now crosses itself.
        let across = DrawnPosition(24.9410 - 1.3 * 0.0014 * cos(-.pi / 2), 60.1690 - 1.3 * 0.0007 * sin(-.pi / 2))
        let dragged = try session.moveVertex(at: .init(vertex: 3), to: across)
        #expect(!dragged.isValid)
        let crossing = try #require(dragged.errors.first)
        #expect(dragged.errors.count == 1)
        #expect(crossing.kind == FindingKind.selfIntersection)
        #expect(crossing.index.ring == 0)
        #expect(crossing.userMessage.hasPrefix("The boundary crosses itself near vertex "))
        #expect(crossing.location != nil)

        // Undo the drag: back to exactly the finished drawing; redo brings the problem back.
        let undone = session.undo()
        #expect(undone)
        #expect(session.report == finished)
        #expect(session.parts[0][0] == Self.taps)
        let redone = session.redo()
        #expect(redone)
        #expect(session.report == dragged)
        session.undo()
        #expect(session.canRedo && session.report == finished)

        // Saving: the repair rewinds the ring and reports it.
        let saved = GeometryRepairer().repair(session.drawing)
        #expect(saved.isRepaired)
        #expect(saved.changes.map(\.kind) == [.rewoundRing])
    }

    @Test func insertDeleteHolesAndParts() throws {
        var session = EditSession(shape: .multiPolygon, validator: try EditValidator())
        for tap in [DrawnPosition(24.94, 60.17), DrawnPosition(24.95, 60.17), DrawnPosition(24.95, 60.175)] {
            try session.addVertex(tap)
        }
        #expect(session.report.findings.isEmpty)
        try session.insertVertex(DrawnPosition(24.94, 60.175), at: .init(vertex: 3))
        #expect(session.report.findings.isEmpty)
        // A hole drawn counterclockwise: valid, with a winding warning on ring 1.
        let hole = [DrawnPosition(24.942, 60.171), DrawnPosition(24.944, 60.171), DrawnPosition(24.944, 60.172)]
        #expect(try session.addHole(hole).warnings.map(\.index.ring) == [1])
        // Moving a hole corner outside the boundary.
        let outside = try session.moveVertex(at: .init(ring: 1, vertex: 2), to: DrawnPosition(24.96, 60.18))
        #expect(outside.errors.map(\.kind) == [.selfIntersection])
        try session.removeHole(ring: 1)
        #expect(session.report.findings.isEmpty)
        // A second part inside the first: nested shells.
        let nested = try session.addPart([DrawnPosition(24.945, 60.172), DrawnPosition(24.946, 60.172), DrawnPosition(24.946, 60.173)])
        #expect(nested.errors.map(\.kind) == [.nestedShells])
        try session.removePart(1)
        try session.deleteVertex(at: .init(vertex: 3))
        #expect(session.report.findings.isEmpty)
        #expect(session.parts[0][0].count == 3)

        // Wrong indices are refused with a reason, and nothing changes.
        let before = session.parts
        #expect(throws: EditSessionError.self) { var copy = session; try copy.deleteVertex(at: .init(vertex: 9)) }
        #expect(throws: EditSessionError.self) { var copy = session; try copy.removeHole(ring: 0) }
        #expect(throws: EditSessionError.self) { var copy = session; try copy.moveVertex(at: .init(part: 2, vertex: 0), to: hole[0]) }
        let line = EditSession(shape: .lineString, validator: try EditValidator())
        #expect(throws: EditSessionError.self) { var copy = line; try copy.addHole(hole) }
        #expect(throws: EditSessionError.self) { var copy = line; try copy.addPart() }
        #expect(session.parts == before)
    }
}
