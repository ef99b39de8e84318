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
        discussion: """
            Every feature is validated as edit mode validates a drawing (structure, OGC topology). \
            When any is invalid, each is reported with its findings and nothing is written; \
            --repair writes the repaired geometries instead (those that cannot be repaired still \
            stop the import). The table is created with a GiST index, a version column and a \
            trigger that notifies services over it (mapctl serve NAME=postgres://...) of every \
            change; the features are written in one transaction, so an import that fails writes \
            nothing. A table that already holds rows is refused unless --append.

            Examples:
              mapctl import --postgres postgres://postgres@127.0.0.1:5432/maps --table objects Data/objects.geojson
              mapctl import --postgres 'postgres://me@db:5432/maps?table=places' --repair places.geojson

            Exit status: 0 imported, 1 invalid features (nothing written), 65 input not GeoJSON, \
            66 no such file, 69 the database cannot be reached or refused the rows.
            """
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
        let members = document.featureCollection.foreignMembers
        let append = self.append
        let imported: Int
        do {
            imported = try awaitResult {
                try await FeatureTable.with(location) { table in
                    try await table.prepare()
                    let existing = try await table.count()
                    if existing > 0 && !append {
                        throw ImportRefusal("table \(location.table) already holds \(existing) rows; import into a new table, or add --append")
                    }
                    try await table.insert(features, collectionMembers: existing == 0 ? members : [])
                    return features.count
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

/// An import the table's state does not allow.
struct ImportRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
