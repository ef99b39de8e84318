import MapGeometry
import MapGeoJSON

/// Turns a drawing into a valid geometry where that is possible, reporting every change.
///
/// In order: remove positions with NaN/infinite coordinates, close unclosed rings, drop
/// repeated positions, remove spike tips from rings, rewind rings to RFC 7946, and when
/// GEOS still finds the topology invalid, rebuild it with GEOS make-valid
/// (`MakeValidMethod.structure` by default, `MakeValidMethod.linework` on request).
/// Coordinates out of range and business rules are not repaired; the result's report says so.
public struct GeometryRepairer: Sendable {
    /// How the result is validated (domain, rules).
    public var options: ValidationOptions
    /// GEOS make-valid method for topology that the simple repairs do not fix.
    public var makeValidMethod: MakeValidMethod
    /// Decimal places the repaired geometry will be written with (`GeoJSONWriter`'s default
    /// is 7): a result that rounding would make invalid is snapped to that grid first, so what
    /// is written is what was checked. nil: full precision.
    public var outputDecimals: Int?
    /// Most self-crossings a geometry may have for GEOS to rebuild it. GEOS's work and memory
    /// grow with the crossings: a 500-vertex scribble (30,000 crossings) repairs in under 2 s
    /// with either method; a 2,000-vertex one (about 490,000) took 20 s and 1 GB before this
    /// budget, 100,000 vertices minutes and 20 GB. Past it the repair is refused with a finding
    /// (``FindingKind/tooComplexToRepair``) after counting, which stops at the budget.
    public var crossingBudget: Int = 50_000

    public init(
        options: ValidationOptions = ValidationOptions(), makeValidMethod: MakeValidMethod = .structure,
        outputDecimals: Int? = GeoJSONWriter.Options().precision
    ) {
        self.options = options
        self.makeValidMethod = makeValidMethod
        self.outputDecimals = outputDecimals
    }

    /// Repairs `drawing`. GEOS failures never escape: they leave the geometry unrepaired and are reported.
    public func repair(_ drawing: DrawnGeometry) -> RepairResult {
        let validator: EditValidator
        do { validator = try EditValidator(options: options) } catch {
            return RepairResult(geometry: nil, changes: [], report: ValidationReport(
                findings: [ValidationFinding(
                    kind: .invalidTopology, severity: .error, location: nil, index: DrawingIndex(),
                    technicalMessage: "rules could not be prepared: \(error)", userMessage: "The rules could not be applied.")],
                topologyProblem: nil, topologyChecked: false))
        }
        return repair(drawing, validator: validator)
    }

    /// Repairs `drawing`, validating with `validator` (whose options replace ``options``): for
    /// many drawings, so the rules' geometries are prepared in GEOS once, not per drawing.
    public func repair(_ drawing: DrawnGeometry, validator: EditValidator) -> RepairResult {
        var changes: [RepairChange] = []
        var repaired = drawing
        if case let .multiPoint(points) = repaired {
            repaired = .multiPoint(removeNonFinitePoints(points, changes: &changes))
        }
        repaired = repaired.mappingComponents { component in
            var positions = RingRepairs.removeNonFinite(component, changes: &changes)
            positions = RingRepairs.close(positions, component, changes: &changes)
            positions = RingRepairs.removeRepeats(positions, component, changes: &changes)
            positions = RingRepairs.removeSpikes(positions, component, changes: &changes)
            return RingRepairs.rewind(positions, component, changes: &changes)
        }
        repaired = CollapsedParts.remove(from: repaired, changes: &changes)
        var report = validator.validate(repaired)
        // Structure that cannot be fixed here (too few positions, a collapsed ring, a lone NaN point).
        guard report.topologyChecked, !report.contains(.zeroAreaRing), !report.contains(.zeroLengthLine),
            !report.errors.contains(where: { $0.kind == .tooFewPositions || $0.kind == .nonFiniteCoordinate })
        else { return RepairResult(geometry: nil, changes: changes, report: report) }

        var geometry = repaired.uncheckedGeometry()
        if report.topologyProblem != nil, SelfCrossings(repaired, limit: crossingBudget).exceeded {
            report.findings.append(ValidationFinding(
                kind: .tooComplexToRepair, severity: .error, location: nil, index: DrawingIndex(),
                technicalMessage: "more than \(crossingBudget) self-crossings (GeometryRepairer.crossingBudget): not rebuilt",
                userMessage: "The outline crosses itself too often to be repaired automatically: redraw it, or split it into simpler shapes."))
            return RepairResult(geometry: nil, changes: changes, report: report)
        }
        if report.topologyProblem != nil {
            guard let rebuilt = makeValid(geometry, problem: report.topologyProblem!, changes: &changes) else {
                return RepairResult(geometry: nil, changes: changes, report: report)
            }
            geometry = rebuilt
            report = validator.validate(geometry)
        }
        if let outputDecimals, report.isValid {
            let settled = OutputGrid(decimals: outputDecimals)
                .settle(geometry, report: report, validator: validator, changes: &changes)
            return RepairResult(geometry: settled.geometry, changes: changes, report: settled.report)
        }
        return RepairResult(geometry: geometry, changes: changes, report: report)
    }

    /// Repairs a geometry value (for instance one read from a file that GEOS finds invalid).
    public func repair(_ geometry: Geometry) -> RepairResult { repair(DrawnGeometry(geometry)) }

    private func removeNonFinitePoints(_ points: [DrawnPosition], changes: inout [RepairChange]) -> [DrawnPosition] {
        points.enumerated().compactMap { part, position in
            guard !position.isFinite else { return position }
            changes.append(RepairChange(
                kind: .removedNonFinitePosition, index: DrawingIndex(part: part),
                technicalMessage: "removed point \(part) \(Wording.coordinates(position)): non-finite coordinate",
                userMessage: "Removed point \(part + 1), which had no valid coordinates."))
            return nil
        }
    }

    /// GEOS make-valid, its output rewound to RFC 7946 and kept to the input's dimension
    /// (the linework method turns a collapsed line into a point: an editor drops it instead);
    /// nil when GEOS fails or nothing of that dimension survives.
    private func makeValid(_ geometry: Geometry, problem: ValidityProblem, changes: inout [RepairChange]) -> Geometry? {
        let made: Geometry
        do {
            made = try GeosGeometry(geometry).makeValid(method: makeValidMethod).geometry(domain: .planar)
        } catch {
            return nil
        }
        guard let rewound = Self.rebuilt(made, replacing: geometry) else { return nil }
        let before = Geodesic.area(of: geometry), after = Geodesic.area(of: rewound)
        let method = makeValidMethod == .structure ? "structure" : "linework"
        var technical = "GEOS make-valid (\(method)) rebuilt the \(geometry.typeName) (\(problem)) as a \(rewound.typeName)"
        if Self.dimension(geometry) == 2 { technical += "; geodesic area \(before) m² -> \(after) m² (\(after - before) m²)" }
        let location = problem.location.map { " near \($0)" } ?? ""
        changes.append(RepairChange(
            kind: .madeValid, index: DrawingIndex(), technicalMessage: technical + location,
            userMessage: Self.dimension(geometry) == 2
                ? "Rebuilt the shape to make it valid; its area is now \(Wording.squareMetres(after))."
                : "Rebuilt the shape so it is valid."))
        return rewound
    }

    /// What GEOS rebuilt (made valid, snapped) as the repair's answer for `original`: kept to
    /// the original's dimension (a collection may mix dimensions on purpose) and rewound to
    /// RFC 7946; nil when nothing of that dimension survives.
    static func rebuilt(_ made: Geometry, replacing original: Geometry) -> Geometry? {
        let kept = original.typeName == "GeometryCollection" ? made : parts(of: made, dimension: dimension(original))
        guard let kept, !kept.isEmpty else { return nil }
        var rewindChanges: [RepairChange] = []
        return DrawnGeometry(kept).mappingComponents { component in
            RingRepairs.rewind(component.positions, component, changes: &rewindChanges)
        }.uncheckedGeometry()
    }

    /// The parts of `geometry` of exactly `dimension`, merged into one value; nil when none.
    static func parts(of geometry: Geometry, dimension: Int) -> Geometry? {
        switch geometry {
        case .geometryCollection:
            var points: [Position] = [], lines: [LineString] = [], polygons: [MapGeometry.Polygon] = []
            func collect(_ geometry: Geometry) {
                switch geometry {
                case let .point(position): points.append(position)
                case let .multiPoint(multi): points += multi.positions
                case let .lineString(line): lines.append(line)
                case let .multiLineString(multi): lines += multi.lineStrings
                case let .polygon(polygon): polygons.append(polygon)
                case let .multiPolygon(multi): polygons += multi.polygons
                case let .geometryCollection(members): members.forEach(collect)
                }
            }
            collect(geometry)
            switch dimension {
            case 0: return points.isEmpty ? nil : points.count == 1 ? .point(points[0]) : .multiPoint(MultiPoint(points))
            case 1: return lines.isEmpty ? nil : lines.count == 1 ? .lineString(lines[0]) : .multiLineString(MultiLineString(lines))
            default: return polygons.isEmpty ? nil : polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(MultiPolygon(polygons))
            }
        default:
            return Self.dimension(geometry) == dimension ? geometry : nil
        }
    }

    /// 0 for points, 1 for lines, 2 for polygons: the highest among the parts.
    static func dimension(_ geometry: Geometry) -> Int {
        switch geometry {
        case .point, .multiPoint: 0
        case .lineString, .multiLineString: 1
        case .polygon, .multiPolygon: 2
        case let .geometryCollection(members): members.map(dimension).max() ?? 0
        }
    }
}
