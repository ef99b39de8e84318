import Foundation
import Hummingbird
import TestSupport
import Testing

/// schemathesis (PyPI), an independent client, generates requests from `openapi.yaml` against
/// the built `mapctl serve`: no answer may be a server error or break the document (status
/// codes, content types, headers, response schemas), and methods the document does not list
/// are refused with 405. Its checks that a schema-valid request is accepted are left out: the
/// document cannot say which types or property names a dataset has.
@Suite("The contract holds against schemathesis")
struct ContractTests {
    @Test("no server error and no answer outside the document", .timeLimit(.minutes(10)))
    func schemathesisFindsNothing() async throws {
        let tool = try await PythonTools.program("schemathesis")
        let folder = try PythonTools.scratchFolder("mapengine-contract")
        let data = folder.appendingPathComponent("objects.geojson")
        try FileManager.default.copyItem(at: MapctlProcess.packageRoot.appendingPathComponent("Data/objects.geojson"), to: data)
        let server = try await ServeProcess.start(["objects=\(data.path)"])
        defer { server.stop() }
        try await server.waitUntilReady()
        let config = MapctlProcess.packageRoot.appendingPathComponent("Tests/MapServiceTests/Contract/schemathesis.toml")
        try FileManager.default.copyItem(at: config, to: folder.appendingPathComponent("schemathesis.toml"))
        do {
            try await PythonTools.run(tool, [
                "run", "http://127.0.0.1:\(server.port)/openapi.yaml", "--checks", "all",
                "--exclude-checks", "positive_data_acceptance", "--max-examples", "40", "--generation-deterministic",
            ], in: folder)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("vector tiles read by mapbox-vector-tile give the features of the .geojson tile")
    func vectorTilesMatchGeoJSONTiles() async throws {
        let python = try await PythonTools.program("python")
        let script = MapctlProcess.packageRoot.appendingPathComponent("Tests/MapServiceTests/Contract/compare_mvt.py").path
        let folder = try PythonTools.scratchFolder("mapengine-mvt")
        let server = try await ServeProcess.start(["Data/objects.geojson"])
        defer { server.stop() }
        try await server.waitUntilReady()
        for tile in ["12/2331/1185", "14/9327/4742", "16/37308/18969", "16/37309/18969", "3/4/2"] {
            let mvt = try await server.requestData("/datasets/objects/tiles/\(tile).mvt")
            let geojson = try await server.requestData("/datasets/objects/tiles/\(tile).geojson")
            // Every tile chosen holds objects, so an empty answer on both sides cannot pass.
            #expect(String(decoding: geojson, as: UTF8.self).contains("\"type\":\"Feature\""), "tile \(tile) is empty")
            let mvtFile = folder.appendingPathComponent("tile.mvt"), geojsonFile = folder.appendingPathComponent("tile.geojson")
            try mvt.write(to: mvtFile)
            try geojson.write(to: geojsonFile)
            let parts = tile.split(separator: "/").map(String.init)
            do {
                try await PythonTools.run(python, [script, mvtFile.path, geojsonFile.path] + parts + ["objects"])
            } catch {
                Issue.record("tile \(tile): \(error)")
            }
        }
    }

    @Test("POST /matrix: geodesic estimates equal geographiclib's distances times the detour factor")
    func matrixAgainstGeographiclib() async throws {
        let python = try await PythonTools.program("python")
        let positions = [[24.9414566, 60.1713198], [24.937518, 60.169967], [24.9475741, 60.1785669], [24.9366771, 60.1672061],
                         [-74.006, 40.7128], [151.2093, -33.8688], [179.9, -16.5], [-179.9, -16.6]]
        let server = try await ServeProcess.start(["Data/objects.geojson"])
        defer { server.stop() }
        try await server.waitUntilReady()
        let text = positions.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ")
        let body = #"{"positions": [\#(text)], "detourFactor": 1.25, "speed": 36}"#
        let (status, _, answerText) = try await server.request("POST", "/matrix", body: body, headers: [.contentType: "application/json"])
        #expect(status == 200, "\(answerText)")
        let data = Data(answerText.utf8)
        let folder = try PythonTools.scratchFolder("mapengine-matrix")
        let answer = folder.appendingPathComponent("matrix.json")
        try data.write(to: answer)
        let check = """
            import json, sys
            from geographiclib.geodesic import Geodesic
            positions = \(positions)
            answer = json.load(open(sys.argv[1]))
            worst = 0.0
            for i, a in enumerate(positions):
                for j, b in enumerate(positions):
                    expected = Geodesic.WGS84.Inverse(a[1], a[0], b[1], b[0])["s12"] * 1.25
                    got = answer["distances"][i][j]
                    worst = max(worst, abs(got - expected) / max(expected, 1.0))
                    assert abs(answer["durations"][i][j] - got / 10.0) < 1e-6 * max(got, 1.0), (i, j)
            assert worst < 1e-9, worst
            print("worst relative difference", worst)
            """
        let script = folder.appendingPathComponent("check.py")
        try check.write(to: script, atomically: true, encoding: .utf8)
        do { try await PythonTools.run(python, [script.path, answer.path]) } catch { Issue.record("\(error)") }
    }
}
