import Foundation
import TestSupport
import Testing

/// `kill -9` while mapctl writes its output leaves either the old file whole or the new one whole,
/// never a truncated mix (the output is written aside and renamed into place).
@Suite("Killed while writing")
struct KilledWriteTests {
    @Test("kill -9 at several moments of a 200,000-feature convert: the output file is the old or the new, whole")
    func killedMidWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapctl-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = #"{"type":"FeatureCollection","features":["#
        for i in 0..<200_000 {
            if i > 0 { text += "," }
            let longitude = -179.5 + Double(i % 3_590) / 10, latitude = -80 + Double(i / 3_590) / 5
            text += #"{"type":"Feature","id":\#(i),"properties":{"name":"place \#(i)","type":"t\#(i % 7)"},"geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}}"#
        }
        text += "]}\n"
        let input = folder.appendingPathComponent("in.geojson")
        try Data(text.utf8).write(to: input)
        let reference = folder.appendingPathComponent("reference.geojson")
        #expect(try MapctlProcess.run(["convert", "--precision", "3", input.path, "-o", reference.path]).status == 0)
        let newBytes = try Data(contentsOf: reference)
        let oldBytes = Data(#"{"type":"FeatureCollection","features":[]}"#.utf8)
        #expect(newBytes.count > 10_000_000)

        let output = folder.appendingPathComponent("out.geojson")
        var sawOld = false, sawNew = false
        for delay in [0.02, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0] {
            try oldBytes.write(to: output)
            let process = Process()
            process.executableURL = MapctlProcess.executable
            process.arguments = ["convert", "--precision", "3", input.path, "-o", output.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit(orKillAfter: 30)
            let now = try Data(contentsOf: output)
            #expect(now == oldBytes || now == newBytes, "after \(delay) s: \(now.count) bytes")
            sawOld = sawOld || now == oldBytes
            sawNew = sawNew || now == newBytes
        }
        #expect(sawOld, "no kill landed before the output was in place: the input is too small to test anything")
    }
}
