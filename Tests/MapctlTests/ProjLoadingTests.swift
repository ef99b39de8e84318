import Foundation
import TestSupport
import Testing

/// PROJ (and the 30 libraries it brings) is opened only when an answer measures on the
/// ellipsoid or transforms coordinates: linked, it cost every start of mapctl about 6 ms, a
/// third of a 200 × 200 road matrix. The dynamic loader's own log (`LD_DEBUG=files`) says
/// whether a run opened it.
@Suite("PROJ is opened on first use")
struct ProjLoadingTests {
    /// Runs mapctl with the loader's file log on; standard output and the log.
    func run(_ arguments: [String]) throws -> (status: Int32, output: String, log: String) {
        let result = try MapctlProcess.run(arguments, environment: ["LD_DEBUG": "files"])
        return (result.status, result.standardOutput, result.standardError)
    }

    @Test("clustering, searching and a road matrix on a prepared network run without PROJ")
    func commandsWithoutGeodesicsDoNotOpenProj() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proj-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let prepared = folder.appendingPathComponent("roads.map").path
        // Building a network measures its roads on the ellipsoid, and directions take their
        // bearings there (PROJ); loading a prepared network does not.
        let preparing = try run(["matrix", "--roads", "Data/roads.geojson", "--save-prepared", prepared, "Data/stops.geojson"])
        #expect(preparing.status == 0)
        for arguments in [
            ["cluster", "--zoom", "12", "Data/objects.geojson"],
            ["query", "--search", "rautatie", "Data/objects.geojson"],
            ["matrix", "--roads", prepared, "Data/stops.geojson"],
        ] {
            let result = try run(arguments)
            #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.log.suffix(500))")
            #expect(!result.output.isEmpty)
            #expect(!result.log.contains("libproj"), "mapctl \(arguments[0]) opened PROJ")
        }
    }

    @Test("measuring opens PROJ and gives its geodesic area")
    func measuringOpensProj() throws {
        let result = try run(["measure", "--lenient", "Data/drawn.geojson"])
        #expect(result.status == 0)
        #expect(result.log.contains("libproj"))
        // The storage yard's area on the ellipsoid, as GeographicLib's PolygonArea gives it.
        #expect(result.output.contains(#""id":"yard","properties":{"note":"a storage yard, drawn counterclockwise: valid","length_m":0,"area_m2":1113.37"#))
    }
}
