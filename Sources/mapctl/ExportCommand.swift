import ArgumentParser
import Foundation
import MapGeometry
import MapPostgres

/// `mapctl export`: a PostGIS table written as GeoJSON.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a PostGIS table made by mapctl import as GeoJSON.",
        discussion: """
            The features come back in the order they were imported, each as it was read (id, \
            properties, foreign members) with its geometry from the table, and the collection's \
            attribution: an import/export round trip gives back the input's features. Edits made \
            since (by mapctl serve or any client) are included; the version column is not written.

            Example:
              mapctl export --postgres postgres://postgres@127.0.0.1:5432/maps --table objects -o objects.geojson

            Exit status: 0 written, 69 the database cannot be reached or the table read, 74 the output cannot be written.
            """
    )

    @Option(help: "The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?table=T].")
    var postgres: String

    @Option(help: "The table; overrides ?table= in the URL.")
    var table: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let location: PostgresLocation
        do { location = try PostgresLocation(url: postgres, table: table) } catch { throw ValidationError("\(error)") }
        let snapshot: TableSnapshot
        do { snapshot = try awaitResult { try await FeatureTable.with(location) { table in try await table.read() } } } catch {
            throw CommandFailure("\(error)", status: .unavailable)
        }
        try outputOptions.write(snapshot.collection)
    }
}
