import MapGeoJSON

/// What `mapctl validate` writes for a document, and the map service's `POST /validate`: the
/// input's features with `valid` and `findings` added (and, with a repairer, the repaired
/// geometry, `repaired`, `repairs` and `remaining_findings`), in input order. A feature the
/// reader refused is reported invalid with the reader's reason and a null geometry.
public struct DocumentValidation: Sendable {
    /// The answer, with the document's foreign members (attribution) kept.
    public let collection: FeatureCollection
    /// True when every feature is valid (after repair, when repairing).
    public let allValid: Bool

    /// Validates (and repairs, given a `repairer`) every feature of `document`, read with
    /// ``readerOptions`` so that one bad feature does not hide the others.
    public init(_ document: GeoJSONDocument, validator: EditValidator, repairer: GeometryRepairer? = nil) {
        var allValid = true
        var features: [Feature] = []
        var remaining = document.features[...]
        let skipped = Dictionary(document.skipped.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        for index in 0..<(document.features.count + document.skipped.count) {
            if let refused = skipped[index] {
                features.append(RefusedFeature.report(refused))
                allValid = false
                continue
            }
            var feature = remaining.removeFirst()
            let drawing = feature.geometry.map(DrawnGeometry.init) ?? .geometryCollection([])
            let report = validator.validate(drawing)
            feature.properties.set("valid", .bool(report.isValid))
            feature.properties.set("findings", .array(report.findings.map(\.jsonValue)))
            var featureValid = report.isValid
            if let repairer, feature.geometry != nil {
                let result = repairer.repair(drawing, validator: validator)
                if let repaired = result.geometry { feature.geometry = repaired }
                feature.properties.set("repaired", .bool(result.isRepaired))
                feature.properties.set("repairs", .array(result.changes.map(\.jsonValue)))
                feature.properties.set("remaining_findings", .array(result.report.findings.map(\.jsonValue)))
                featureValid = result.isRepaired
            }
            allValid = allValid && featureValid
            features.append(feature)
        }
        collection = FeatureCollection(features: features, foreignMembers: document.featureCollection.foreignMembers)
        self.allValid = allValid
    }

    /// Lenient, so one bad feature does not hide the others; planar, so a latitude of 95 reaches
    /// the validator (which reports it with its place); no ring-crossing check, which is GEOS's job here.
    public static var readerOptions: GeoJSONReader.Options {
        var options = GeoJSONReader.Options()
        options.lenient = true
        options.domain = .planar
        options.checkRingCrossings = false
        return options
    }
}

/// A feature the GeoJSON reader refused: reported invalid with the reader's reason. The
/// reader keeps no coordinates of such a feature, so the finding has no location; its path
/// says which ring or position is at fault.
enum RefusedFeature {
    static func report(_ refused: SkippedFeature) -> Feature {
        let error = refused.error
        let kind: FindingKind
        switch error.code {
        case "ring_not_closed": kind = .ringNotClosed
        case "ring_too_short", "line_too_short": kind = .tooFewPositions
        case "coordinate_not_finite": kind = .nonFiniteCoordinate
        case "coordinate_range": kind = .coordinateOutOfRange
        case "ogc_self_intersection": kind = .selfIntersection
        default: kind = .invalidTopology
        }
        let user: String
        switch kind {
        case .ringNotClosed: user = "The outline is not closed: it should end where it starts."
        case .tooFewPositions: user = "The shape has too few points."
        case .nonFiniteCoordinate: user = "A point has no valid coordinates."
        case .coordinateOutOfRange: user = "A point lies outside the map."
        default: user = "The shape could not be read."
        }
        let finding: JSONValue = .object(JSONObject([
            ("kind", .string(kind.rawValue)),
            ("severity", .string(Severity.error.rawValue)),
            ("message", .string(error.description)),
            ("user_message", .string(user)),
            ("location", .null),
            ("path", .string(error.path)),
        ]))
        return Feature(id: refused.id, geometry: nil, properties: Properties([
            ("valid", .bool(false)), ("findings", .array([finding])),
        ]))
    }
}
