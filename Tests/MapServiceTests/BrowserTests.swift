import Foundation
import TestSupport
import Testing

/// The map page in a real browser: headless Chromium driven by selenium (PyPI) through Debian's
/// chromium-driver, against the built `mapctl serve`. Tests/MapServiceTests/Browser/page_checks.py
/// checks what a user sees against the service's answers, fetched independently; screenshots of
/// the regular (1280×800) and compact (390×844) layouts go to `.build-screenshots/`.
@Suite("The map page in Chromium")
struct BrowserTests {
    static let screenshots = MapctlProcess.packageRoot.appendingPathComponent(".build-screenshots")

    @Test("markers, cluster list, zoom extents in both layouts, near me, edit mode, route call-out", .timeLimit(.minutes(10)))
    func pageInChromium() async throws {
        let python = try await PythonTools.program("python")
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"), "install Debian's chromium and chromium-driver")
        // Saves go into the dataset's file: serve a copy.
        let folder = try PythonTools.scratchFolder("mapengine-page")
        let objects = folder.appendingPathComponent("objects.geojson")
        try FileManager.default.copyItem(at: MapctlProcess.packageRoot.appendingPathComponent("Data/objects.geojson"), to: objects)
        let server = try await ServeProcess.start(["--roads", "helsinki=Data/roads.geojson", "objects=\(objects.path)"])
        defer { server.stop() }
        try await server.waitUntilReady()
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        let script = MapctlProcess.packageRoot.appendingPathComponent("Tests/MapServiceTests/Browser/page_checks.py").path
        let stops = MapctlProcess.packageRoot.appendingPathComponent("Data/stops.geojson").path
        do {
            let report = try await PythonTools.run(python, [script, "http://127.0.0.1:\(server.port)", stops, Self.screenshots.path],
                                             in: MapctlProcess.packageRoot)
            print(report)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("the page's modules pass their unit tests under node")
    func pageModulesUnderNode() throws {
        let tests = MapctlProcess.packageRoot.appendingPathComponent("Tests/MapServiceTests/Web")
        let files = try FileManager.default.contentsOfDirectory(atPath: tests.path).filter { $0.hasSuffix(".test.mjs") }.sorted()
        #expect(files.count >= 3)
        do {
            try PythonTools.run("/usr/bin/env", ["node", "--test"] + files.map { tests.appendingPathComponent($0).path })
        } catch {
            Issue.record("\(error)")
        }
    }
}
