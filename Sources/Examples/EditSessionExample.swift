import MapEditing

// README: edit begin
/// Edit mode: each tap or drag gives a fresh report, and undo steps back.
func editSessionExample() throws {
    var session = EditSession(shape: .polygon, validator: try EditValidator())
    // Four taps draw a square; the ring closes itself.
    for (lon, lat) in [(24.9400, 60.1700), (24.9410, 60.1700), (24.9410, 60.1705), (24.9400, 60.1705)] {
        try session.addVertex(DrawnPosition(lon, lat))
    }
    let area = Int(session.measures?.area.rounded() ?? 0)
    print("edit: square valid=\(session.report.isValid) area \(area) m2")
    // Dragging a corner past the opposite side makes the outline cross itself: disable Save.
    let dragged = try session.moveVertex(at: .init(vertex: 2), to: DrawnPosition(24.9395, 60.1702))
    let errors = dragged.errors.map(\.kind.rawValue).joined(separator: ",")
    print("edit: dragged valid=\(dragged.isValid) errors=[\(errors)]")
    _ = session.undo()
    print("edit: undone valid=\(session.report.isValid)")
}
// README: edit end
