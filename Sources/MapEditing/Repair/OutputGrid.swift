import MapGeometry

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

    /// `geometry` unchanged when its written form is valid; else its snapped form (with the
    /// change recorded) when that one is; else nil with the report of what writing breaks.
    func settle(
        _ geometry: Geometry, validator: EditValidator, changes: inout [RepairChange], dimension: Int
    ) -> (geometry: Geometry?, report: ValidationReport) {
        let plain = written(geometry).map { validator.validate($0) }
        if let plain, plain.isValid { return (geometry, validator.validate(geometry)) }
        let gridSize = 1 / Double(Self.powerOfTen(decimals))
        guard let snapped = try? GeosGeometry(geometry).snappedToGrid(gridSize).geometry(domain: .planar),
              let parts = geometry.typeName == "GeometryCollection" ? snapped : GeometryRepairer.parts(of: snapped, dimension: dimension),
              !parts.isEmpty else {
            return (nil, plain ?? validator.validate(geometry))
        }
        var rewindChanges: [RepairChange] = []
        let rewound = DrawnGeometry(parts).mappingComponents { component in
            RingRepairs.rewind(component.positions, component, changes: &rewindChanges)
        }.uncheckedGeometry()
        guard let settled = written(rewound) else { return (nil, plain ?? validator.validate(geometry)) }
        let report = validator.validate(settled)
        guard report.isValid else { return (nil, report) }
        changes.append(RepairChange(
            kind: .snappedToOutputGrid, index: DrawingIndex(),
            technicalMessage: "snapped to the \(decimals)-decimal output grid: rounding alone made it invalid (\(plain?.errors.first?.technicalMessage ?? "unreadable"))",
            userMessage: "Adjusted the shape slightly so that it stays valid when saved."))
        return (settled, report)
    }

    private static func powerOfTen(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
