import MapEditing
import MapGeoJSON

// README: validate begin
/// Check what users drew before saving it, and repair what can be repaired.
func validateExample() throws {
    // Lenient: a drawing the reader cannot take (an unclosed ring) is skipped and reported,
    // not the whole file; ring crossings are left to the validator, which says where.
    var reading = GeoJSONReader.Options()
    reading.lenient = true
    reading.checkRingCrossings = false
    let drawn = try GeoJSONReader(options: reading).read(contentsOfFile: "Data/drawn.geojson")
    for refused in drawn.skipped { print("validate: \(refused.id?.description ?? "-") refused: \(refused.error.code)") }
    let validator = try EditValidator()
    for feature in drawn.features {
        guard let geometry = feature.geometry else { continue }
        let report = validator.validate(geometry)
        // Errors block a save; warnings (say, a clockwise ring) only inform.
        let kinds = report.errors.map(\.kind.rawValue).joined(separator: ",")
        let repaired = report.isValid ? "" : " repaired=\(GeometryRepairer().repair(geometry).isRepaired)"
        print("validate: \(feature.id?.description ?? "-") valid=\(report.isValid) errors=[\(kinds)]\(repaired)")
        // The user-facing message is what the edit panel shows beside the vertex.
        if let first = report.errors.first { print("validate:   \(first.userMessage)") }
    }
    // Measures are geodesic (WGS84): metres and square metres, in any unit.
    if let yard = drawn.features.first(where: { $0.id == "yard" })?.geometry.map(EditMeasures.init) {
        print("validate: yard area \(Int(yard.area.rounded())) m2 = \(yard.area(in: .hectares)) ha")
    }
}
// README: validate end
