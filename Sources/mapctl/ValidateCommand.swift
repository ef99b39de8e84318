import ArgumentParser
import Foundation
import MapEditing
import MapGeometry

/// `mapctl validate`: can each drawn geometry be saved? What is wrong, where, and the fix.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate drawn geometries: structure, OGC topology (GEOS) and business rules.",
        discussion: """
            Writes the input's features as a FeatureCollection with two properties added:
            "valid" (no error; warnings such as a clockwise ring do not count) and "findings", \
            each {"kind", "severity", "message", "user_message", "location": [lon, lat], \
            "part", "ring", "vertex"} (indices from 0; absent when not applicable). \
            With --repair the geometry is replaced by the repaired one where a repair exists, \
            and "repaired", "repairs" (every change made) and "remaining_findings" are added.

            Rules (--rules) come in a GeoJSON FeatureCollection with a "rules" member \
            (minimum_area_m2, maximum_area_m2, minimum_length_m, maximum_length_m, \
            maximum_vertex_count, minimum_vertex_distance_m) and features with \
            properties.rule "allowed_area" or "must_not_overlap" (existing objects, named by id).

            A feature whose geometry the GeoJSON reader refuses (an unclosed ring, a one-position \
            line) is reported invalid with the reader's reason, geometry null. \
            Exit status: 0 all valid (after repair with --repair), 1 some invalid, 65 input or \
            rules not readable as GeoJSON, 66 file not found, 74 output not writable.

            Example:
              mapctl validate --repair --rules Data/edit-rules.geojson Data/drawn.geojson
              echo '{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}' | mapctl validate -
            """
    )

    @Flag(help: "Repair what can be repaired and write the repaired geometry.")
    var repair = false

    @Option(name: .customLong("make-valid-method"), help: "GEOS make-valid method for --repair: structure or linework.")
    var makeValidMethod: String = "structure"

    @Option(help: "GeoJSON rules file (see above).")
    var rules: String?

    @OptionGroup var outputOptions: OutputOptions
    var output: String? { outputOptions.output }
    var pretty: Bool { outputOptions.pretty }

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func validate() throws {
        guard ["structure", "linework"].contains(makeValidMethod) else {
            throw ValidationError("--make-valid-method must be structure or linework, not \(makeValidMethod)")
        }
    }

    func run() throws {
        let editRules = try loadRules()
        let document = try CommandInput.read(input, command: "validate", options: Self.readerOptions)
        for warning in document.warnings where !warning.code.hasPrefix("winding") { CommandOutput.message(warning.description) }

        let options = ValidationOptions(rules: editRules)
        let validator: EditValidator
        do { validator = try EditValidator(options: options) } catch {
            CommandOutput.message("mapctl validate: the rules' geometries cannot be used: \(error)")
            throw ExitCode(65)
        }
        let repairer = GeometryRepairer(options: options, makeValidMethod: makeValidMethod == "linework" ? .linework : .structure)

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
            if repair, feature.geometry != nil {
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
        var writerOptions = GeoJSONWriter.Options()
        writerOptions.pretty = pretty
        try CommandOutput.write(FeatureCollection(features: features, foreignMembers: document.featureCollection.foreignMembers), to: output, options: writerOptions, command: "validate")
        if !allValid { throw ExitCode(1) }
    }

    /// Lenient, so one bad feature does not hide the others; planar, so a latitude of 95 reaches
    /// the validator (which reports it with its place); no ring-crossing check, which is GEOS's job here.
    static var readerOptions: GeoJSONReader.Options {
        var options = GeoJSONReader.Options()
        options.lenient = true
        options.domain = .planar
        options.checkRingCrossings = false
        return options
    }

    private func loadRules() throws -> EditRules {
        guard let rules else { return .none }
        let document = try CommandInput.read(rules, command: "validate", options: GeoJSONReader.Options())
        do { return try EditRules(rulesDocument: document) } catch {
            CommandOutput.message("mapctl validate: \(rules): \(error)")
            throw ExitCode(65)
        }
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
