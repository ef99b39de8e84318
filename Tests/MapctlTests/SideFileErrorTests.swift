import Foundation
import TestSupport
import Testing

/// Vehicles and matrix files are strict JSON read by the engine's own reader: every mistake is
/// reported with the file, line:column and JSON path in the user's words, never Foundation's.
@Suite("Vehicles and matrix file errors")
struct SideFileErrorTests {
    static let leaks = ["The operation could not be completed", "NSCocoaErrorDomain", "JSONValue", "NSNumber", "__NSCF"]

    @Test("a vehicles file mistake names file:line:column and the path", arguments: [
        ("[{\"id\": \"v\", \"start\": [24.9, 60.1]},]", "vehicles.json:1:37: invalid JSON"),
        ("[{\"id\": \"v\",\n  \"start\": [true, 60.1]}]", "vehicles.json:2:13: [0].start[0]: must be a longitude in degrees, found true"),
        ("{\"vehicles\": [{\"id\": \"v\", \"start\": [24.9, 60.1], \"capcity\": 3}]}", "vehicles.json:1:61: vehicles[0].capcity: is not a vehicle property"),
        ("[{\"start\": [24.9, 60.1], \"capacity\": -2}]", "vehicles.json:1:38: [0].capacity: must be a whole number of items ≥ 0, found number -2"),
        ("[{\"start\": [24.9, 60.1], \"shift\": [3600]}]", "vehicles.json:1:35: [0].shift: must be [start_s, end_s], found 1 values"),
        ("[{\"start\": [24.9, 60.1], \"skills\": [\"ladder\", 7]}]", "vehicles.json:1:47: [0].skills[1]: must be a string, found number 7"),
        ("[{\"start\": [24.9, 60.1], \"end\": \"home\"}]", "vehicles.json:1:33: [0].end: must be [lon, lat], \"start\" or \"anywhere\", found string \"home\""),
        ("[]", "vehicles.json:1:1: has no vehicles"),
        ("[{\"start\": [24.9, 60.1], \"capacity\": {\"weight\": -5}}]", "vehicles.json:1:49: [0].capacity.weight: must be a number ≥ 0 (the most weight on one route), found number -5"),
        ("[{\"start\": [24.9, 60.1], \"costs\": {\"per_km\": \"cheap\"}}]", "vehicles.json:1:46: [0].costs.per_km: must be money ≥ 0, found string \"cheap\""),
    ])
    func vehicles(json: String, expected: String) throws {
        let folder = try Self.folder()
        try Data(json.utf8).write(to: folder.appendingPathComponent("vehicles.json"))
        let result = try MapctlProcess.run(["route", "--vehicles", folder.appendingPathComponent("vehicles.json").path, "Data/stops.geojson"])
        #expect(result.status == 65)
        #expect(result.standardError.contains(folder.path + "/" + expected), "\(result.standardError)")
        for leak in Self.leaks { #expect(!result.standardError.contains(leak), "\(result.standardError)") }
    }

    @Test("a matrix file mistake names file:line:column and the path", arguments: [
        ("{\"distances\": [[0, 1], [1, 0]],}", "matrix.json:1:32: invalid JSON"),
        ("{\"distances\": [[0, true],\n [1, 0]]}", "matrix.json:1:20: distances[0][1]: must be a cost ≥ 0, or null for an unreachable pair, found true"),
        ("{\"distances\": [[0, 1, 2], [1, 0]]}", "matrix.json:1:16: distances[0]: must be 2 numbers, found 3 values"),
        ("{\"distances\": [[0, 1]]}", "matrix.json:1:15: distances: must be 2 rows (start, stops in input order, end), found 1 values"),
        ("{\"distance\": [[0, 1], [1, 0]]}", "matrix.json:1:1: must be an object with a \"distances\" array of rows"),
        ("{\"distances\": [[0, 1], [1, 0]], \"durations\": [[0, -4], [1, 0]]}", "matrix.json:1:51: durations[0][1]: must be a cost ≥ 0"),
    ])
    func matrix(json: String, expected: String) throws {
        let folder = try Self.folder()
        try Data(json.utf8).write(to: folder.appendingPathComponent("matrix.json"))
        let stops = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{}},{"type":"Feature","id":"b","geometry":{"type":"Point","coordinates":[24.95,60.17]},"properties":{}}]}"#
        let result = try MapctlProcess.run(["route", "--matrix", folder.appendingPathComponent("matrix.json").path, "-"], input: Data(stops.utf8))
        #expect(result.status == 65)
        #expect(result.standardError.contains(folder.path + "/" + expected), "\(result.standardError)")
        for leak in Self.leaks { #expect(!result.standardError.contains(leak), "\(result.standardError)") }
    }

    @Test("bad stop properties are named with the feature, the property and the value found")
    func stopProperties() throws {
        for (properties, expected) in [
            (#"{"items": -3}"#, "features[0].properties.items: expected a whole number of items ≥ 0, found number -3"),
            (#"{"service_s": [1, 2]}"#, "features[0].properties.service_s: expected seconds ≥ 0, found an array"),
            (#"{"priority": "high"}"#, "features[0].properties.priority: expected a whole number 0 to 100, found string \"high\""),
            (#"{"time_windows": [[10, "noon"]]}"#, "features[0].properties.time_windows: expected [[start, end], …] with start ≤ end, in seconds"),
        ] {
            let stops = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":"# + properties + "}]}"
            let result = try MapctlProcess.run(["route", "--vehicles", "Data/vehicles.json", "-"], input: Data(stops.utf8))
            #expect(result.status == 65)
            #expect(result.standardError.contains(expected), "\(result.standardError)")
            for leak in Self.leaks + ["number(", "array(["] { #expect(!result.standardError.contains(leak), "\(result.standardError)") }
        }
        // A capacity dimension's amount, once some vehicle limits it.
        let folder = try Self.folder()
        let vehicles = folder.appendingPathComponent("vehicles.json")
        try Data(#"[{"start": [24.9384, 60.1699], "capacity": {"weight": 500}}]"#.utf8).write(to: vehicles)
        let stops = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{"id":"s1","weight":"heavy"}}]}"#
        let result = try MapctlProcess.run(["route", "--vehicles", vehicles.path, "-"], input: Data(stops.utf8))
        #expect(result.status == 65)
        #expect(result.standardError.contains(
            "features[0].properties.weight (stop s1): expected a number ≥ 0 (the vehicles' capacity names weight), found string \"heavy\"; write a number such as 12.5, or leave it out for 0"),
            "\(result.standardError)")
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("side-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
