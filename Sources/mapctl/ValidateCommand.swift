import ArgumentParser
import Foundation
import MapEditing
import MapGeometry
import MapGeoJSON

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

    @OptionGroup var limit: InputLimitOptions

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func validate() throws {
        guard ["structure", "linework"].contains(makeValidMethod) else {
            throw ValidationError("--make-valid-method must be structure or linework, not \(makeValidMethod)")
        }
    }

    func run() throws {
        let editRules = try rules.map { path in
            let document = try CommandInput.read(path)
            do { return try EditRules(rulesDocument: document) } catch { throw CommandFailure("\(path): \(error)") }
        } ?? EditRules.none
        let document = try CommandInput.read(input, options: limit.limiting(DocumentValidation.readerOptions))
        for warning in document.warnings where !warning.code.hasPrefix("winding") { CommandOutput.message(warning.description) }

        let options = ValidationOptions(rules: editRules)
        let validator: EditValidator
        do { validator = try EditValidator(options: options) } catch {
            throw CommandFailure("the rules' geometries cannot be used: \(error)")
        }
        let repairer = GeometryRepairer(options: options, makeValidMethod: makeValidMethod == "linework" ? .linework : .structure)
        let answer = DocumentValidation(document, validator: validator, repairer: repair ? repairer : nil)
        try outputOptions.write(answer.collection)
        if !answer.allValid { throw ExitCode(ExitStatus.negative.rawValue) }
    }
}
