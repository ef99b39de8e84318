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
        discussion: discussion
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
