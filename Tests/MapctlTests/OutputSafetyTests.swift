import Foundation
import TestSupport
import Testing

/// Output never destroys data: a command whose output is its input, links, devices, FIFOs and
/// folders (run on the Helsinki sample in Data/).
@Suite("Output safety")
struct OutputSafetyTests {
    let sample = "Data/objects.geojson"

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapctl-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func copyOfSample(in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("f.geojson")
        try FileManager.default.copyItem(at: MapctlProcess.packageRoot.appendingPathComponent(sample), to: file)
        return file
    }

    @Test("convert with its input as output keeps the data (plain, ./ path, through a link, --seq)", arguments: [
        (["convert"], "f.geojson"), (["convert"], "./f.geojson"), (["convert"], "link"), (["convert", "--seq"], "f.geojson"),
    ])
    func sameFile(options: [String], spelling: String) throws {
        let folder = try folder()
        let file = try copyOfSample(in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "f.geojson")
        let expected = try MapctlProcess.run(options + [file.path]).standardOutput
        let path = spelling == "./f.geojson" ? folder.path + "/./f.geojson" : folder.appendingPathComponent(spelling).path
        let result = try MapctlProcess.run(options + [path, "-o", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
        #expect(expected.count > 800_000)
        let link = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("link").path)
        #expect(link[.type] as? FileAttributeType == .typeSymbolicLink)
    }

    @Test("the output file keeps its permissions")
    func permissionsKept() throws {
        let folder = try folder()
        let out = folder.appendingPathComponent("out.geojson")
        try Data("old".utf8).write(to: out)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: out.path)
        #expect(try MapctlProcess.run(["convert", sample, "-o", out.path]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
        #expect(try Data(contentsOf: out).count > 800_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.geojson"])
    }

    @Test("a folder as output is refused with a message")
    func folderRefused() throws {
        let folder = try folder()
        let result = try MapctlProcess.run(["convert", sample, "-o", folder.path])
        #expect(result.status == 74)
        #expect(result.standardError.contains("is a directory"), "\(result.standardError)")
    }

    @Test("a FIFO is written through when read, and refused within seconds when nobody reads it")
    func fifo() throws {
        let folder = try folder()
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        let unread = try MapctlProcess.run(["cluster", "--zoom", "12", sample, "-o", fifo])
        #expect(unread.status == 74)
        #expect(unread.standardError.contains("FIFO that no process reads"), "\(unread.standardError)")
        #expect(Date().timeIntervalSince(start) < 8)

        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(fifo).copy'"]
        try reader.run()
        let written = try MapctlProcess.run(["cluster", "--zoom", "12", sample, "-o", fifo])
        // A reader left waiting for a writer (mapctl refused) is killed instead of waited for.
        #expect(reader.waitUntilExit(orKillAfter: 30), "the FIFO's reader did not end")
        #expect(written.status == 0, "\(written.standardError)")
        let expected = try MapctlProcess.run(["cluster", "--zoom", "12", sample]).standardOutput
        #expect(try String(contentsOfFile: fifo + ".copy", encoding: .utf8) == expected)
        let attributes = try FileManager.default.attributesOfItem(atPath: fifo)
        #expect(attributes[.type] as? FileAttributeType == .typeUnknown || attributes[.type] as? FileAttributeType != .typeRegular)
    }

    @Test("a character device stays a device (a null device made in a temporary folder; needs root)",
          .enabled(if: geteuid() == 0, "mknod needs root"))
    func device() throws {
        let folder = try folder()
        let device = folder.appendingPathComponent("null").path
        #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3) /* makedev(1, 3): the null device */) == 0)
        for arguments in [["convert", sample], ["query", "--search", "ka", sample], ["extents", "--device", "ipad", sample]] {
            let result = try MapctlProcess.run(arguments + ["-o", device])
            #expect(result.status == 0, "\(result.standardError)")
            var status = stat()
            #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "\(arguments[0])")
        }
    }
}
