import Foundation
import TestSupport
import Testing

/// `mapctl convert` run as a user runs it.
@Suite("mapctl convert")
struct ConvertCommandTests {
    static let objects = MapctlProcess.packageRoot.appendingPathComponent("Data/objects.geojson").path

    /// A temporary file holding `text`.
    func temporaryFile(_ text: String, name: String = "input.geojson") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapctl-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func normalisedSampleIsByteIdenticalToTheInput() throws {
        // Data/objects.geojson is already normalised (7 decimals, right-hand rule), so convert changes nothing.
        let result = try MapctlProcess.run(["convert", Self.objects])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let original = try String(contentsOfFile: Self.objects, encoding: .utf8)
        #expect(result.standardOutput == original)
    }

    @Test func invalidInputExits65WithLineColumnAndPath() throws {
        let path = try temporaryFile("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[24.9,60.1],[24.8,60.2],[24.7,60.1],[24.8,60.1]]]}}]}
            """, name: "objects.geojson")
        let result = try MapctlProcess.run(["convert", path])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("objects.geojson:2:79: features[0].geometry.coordinates[0]: ring is not closed (first [24.9,60.1], last [24.8,60.1])"))
    }

    @Test func readsStandardInputAndWritesPrecisionBBoxAndRewind() throws {
        let input = #"{"type":"Feature","properties":{"name":"a"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[0,1.123456789],[1,1],[0,0]]]}}"#
        let result = try MapctlProcess.run(["convert", "--precision", "3", "--rewind", "--bbox", "-"], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput == #"{"type":"Feature","bbox":[0,0,1,1.123],"properties":{"name":"a"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,1.123],[0,0]]]}}"# + "\n")
        // The input broke the right-hand rule and carried 9 decimals: both reported as warnings.
        #expect(result.standardError.contains("<stdin>:1:") && result.standardError.contains("warning: geometry.coordinates[0]: exterior ring is clockwise"))
        #expect(result.standardError.contains("more than 7 decimals"))
    }

    @Test func missingFileExits66AndBadOptionExits64() throws {
        let missing = try MapctlProcess.run(["convert", "/nonexistent/objects.geojson"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("/nonexistent/objects.geojson: no such file"))
        let usage = try MapctlProcess.run(["convert", "--precision", "99", Self.objects])
        #expect(usage.status == 64)
    }

    @Test func lenientSkipsBadFeaturesAndSeqWritesRecords() throws {
        let path = try temporaryFile("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":1,"properties":{},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","id":2,"properties":{},"geometry":{"type":"Point","coordinates":[1,91]}},
            {"type":"Feature","id":3,"properties":{},"geometry":{"type":"Point","coordinates":[3,4]}}]}
            """)
        let strict = try MapctlProcess.run(["convert", path])
        #expect(strict.status == 65)
        let output = (path as NSString).deletingLastPathComponent + "/out.geojsons"
        let lenient = try MapctlProcess.run(["convert", "--lenient", "--seq", "--output", output, path])
        #expect(lenient.status == 0)
        #expect(lenient.standardError.contains("skipped feature 1 (id 2)"))
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == "\u{1E}" + #"{"type":"Feature","id":1,"properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}"# + "\n"
            + "\u{1E}" + #"{"type":"Feature","id":3,"properties":{},"geometry":{"type":"Point","coordinates":[3,4]}}"# + "\n")
        // And the sequence reads back.
        let back = try MapctlProcess.run(["convert", output])
        #expect(back.status == 0 && back.standardOutput.hasPrefix(#"{"type":"FeatureCollection","features":["#))
    }

    @Test(arguments: [[], ["--bbox"], ["--rewind", "--precision", "2"], ["--seq"], ["--pretty", "--bbox"], ["--lenient"]])
    func fileStreamedInTwoPassesGivesTheSameBytesAsTheWholeDocument(_ options: [String]) throws {
        // Collection members before and after "features" (a bbox and a foreign member at the end
        // must still come out in the head), a clockwise ring, a bad feature for --lenient.
        let collection = try temporaryFile("""
            {"type":"FeatureCollection","name":"places","features":[
            {"type":"Feature","id":"a","properties":{"type":"town"},"geometry":{"type":"Point","coordinates":[24.9384,60.1699]}},
            {"type":"Feature","properties":{"n":1.50},"geometry":{"type":"Polygon","coordinates":[[[0,0],[0,1],[1,1],[0,0]]]}}
            \(options.contains("--lenient") ? #",{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,95]}}"# : "")
            ],"bbox":[0,0,30,61],"attribution":"test"}
            """)
        let sequence = try temporaryFile("""
            {"type":"Feature","properties":{"i":0},"geometry":{"type":"Point","coordinates":[1,2]}}
            {"type":"Feature","properties":{"i":1},"geometry":null}
            """, name: "input.geojsonl")
        for path in [collection, sequence] {
            // The file is streamed; standard input is read whole: the bytes must agree.
            let streamed = try MapctlProcess.run(["convert"] + options + [path])
            let whole = try MapctlProcess.run(["convert"] + options + ["-"], input: try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(streamed.status == 0 && whole.status == 0, "\(options) \(path)")
            #expect(!streamed.standardOutput.isEmpty)
            #expect(streamed.standardOutput == whole.standardOutput, "\(options) \(path)")
            #expect(streamed.standardError == whole.standardError.replacingOccurrences(of: "<stdin>", with: path))
        }
    }

    @Test func anErrorNearTheEndOfAFileWritesNothing() throws {
        let features = (0..<2000).map { #"{"type":"Feature","properties":{"i":\#($0)},"geometry":{"type":"Point","coordinates":[1,2]}}"# }
        let path = try temporaryFile(#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n")
            + #",{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1]}}]}"#)
        let result = try MapctlProcess.run(["convert", path])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(":2000:") && result.standardError.contains("features[2000].geometry.coordinates"))
    }

    @Test func helpShowsAnExample() throws {
        let help = try MapctlProcess.run(["convert", "--help"])
        #expect(help.status == 0 && help.standardOutput.contains("mapctl convert --precision 6"))
    }
}
