import ArgumentParser
import Foundation
import MapEditing
import MapGeoJSON
import MapPostgres

/// `mapctl import`: a GeoJSON file into a PostGIS table, validated first.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a GeoJSON file into a PostGIS table, validated first.",
        discussion: discussion
    )

    @Option(help: "The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?table=T].")
    var postgres: String

    @Option(help: "The table (letters, digits, _; or schema.table); overrides ?table= in the URL.")
    var table: String?

    @Flag(help: "Write repaired geometries for invalid features instead of refusing them.")
    var repair = false

    @Flag(help: "Add to a table that already holds rows (ids must not repeat).")
    var append = false

    @OptionGroup var limit: InputLimitOptions

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func run() throws {
        let location: PostgresLocation
        do { location = try PostgresLocation(url: postgres, table: table) } catch { throw ValidationError("\(error)") }
        let document = try CommandInput.read(input, options: limit.limiting())
        let features = try checked(document.features)
        let (members, append) = (document.featureCollection.foreignMembers, self.append)
        let imported: Int
        do {
            imported = try awaitResult {
                try await FeatureTable.with(location) { table in
                    try await table.importFeatures(features, collectionMembers: members, append: append)
                }
            }
        } catch {
            throw CommandFailure("\(error)", status: .unavailable)
        }
        CommandOutput.say("\(imported) features into \(location)")
    }

    /// The features to write (``ImportValidation``); says why each refused one is, and exits 1
    /// when any is.
    private func checked(_ features: [Feature]) throws -> [Feature] {
        let validator: EditValidator
        do { validator = try EditValidator(options: ValidationOptions()) } catch { throw CommandFailure("\(error)", status: .software) }
        let validation = ImportValidation(features, validator: validator, repairer: repair ? GeometryRepairer(options: ValidationOptions()) : nil)
        for refusal in validation.refusals {
            let name = "\(input): features[\(refusal.index)]" + (features[refusal.index].objectID.map { " (\($0))" } ?? "")
            switch refusal.reason {
            case .repeatedID(let id): CommandOutput.say("\(name): the id \(id) is used twice; ids name objects in the table")
            case .invalid(let findings):
                for finding in findings { CommandOutput.say("\(name): \(finding.userMessage) (\(finding.technicalMessage))") }
            }
        }
        if !validation.refusals.isEmpty {
            let hint = repair ? "" : " (--repair writes repaired geometries)"
            throw CommandFailure("\(validation.refusals.count) invalid features; nothing was written\(hint)", status: .negative)
        }
        if validation.repairedCount > 0 { CommandOutput.say("\(validation.repairedCount) geometries repaired") }
        return validation.features
    }
}
