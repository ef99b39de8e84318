import Foundation
import MapGeometry
import MapGeoJSON

/// A repaired geometry must stay valid as it is written: GeoJSON is written with a fixed number
/// of decimals, and rounding a valid shape can make it invalid again (a sliver ring of Sudan in
/// Natural Earth collapses to two corners at 7 decimals). This checks the written form, read
/// back, and where it fails snaps the geometry to the decimal grid with GEOS, which keeps it
/// valid, so that writing changes nothing more.
struct OutputGrid {
    /// Decimal places of the written coordinates.
    let decimals: Int

    /// The geometry as it reads back after being written with ``decimals`` decimals.
    func written(_ geometry: Geometry) -> Geometry? {
        var options = GeoJSONWriter.Options()
        options.precision = decimals
        let bytes = GeoJSONWriter(options: options).encode(geometry)
        guard case let .geometry(read)? = try? GeoJSONReader().read(bytes: bytes).object else { return nil }
        return read
    }

    /// `geometry` (validated as `report`) unchanged when its written form is valid; else its
    /// snapped form (with the change recorded) when that one is; else nil with the report of
    /// what writing breaks.
    func settle(
        _ geometry: Geometry, report: ValidationReport, validator: EditValidator, changes: inout [RepairChange]
    ) -> (geometry: Geometry?, report: ValidationReport) {
        let plain = written(geometry).map { validator.validate($0) }
        if let plain, plain.isValid { return (geometry, report) }
        guard let snapped = try? GeosGeometry(geometry).snappedToGrid(pow(10, -Double(decimals))).geometry(domain: .planar),
              let rebuilt = GeometryRepairer.rebuilt(snapped, replacing: geometry),
              let settled = written(rebuilt) else {
            return (nil, plain ?? report)
        }
        let settledReport = validator.validate(settled)
        guard settledReport.isValid else { return (nil, settledReport) }
        changes.append(RepairChange(
            kind: .snappedToOutputGrid, index: DrawingIndex(),
            technicalMessage: "snapped to the \(decimals)-decimal output grid: rounding alone made it invalid (\(plain?.errors.first?.technicalMessage ?? "unreadable"))",
            userMessage: "Adjusted the shape slightly so that it stays valid when saved."))
        return (settled, settledReport)
    }
}
