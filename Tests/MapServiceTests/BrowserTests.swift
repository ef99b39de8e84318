import Foundation
import MapGeometry
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

    @Test("the page and the engine say distances and durations alike, in both unit systems")
    func pageAndEngineWording() throws {
        // Around every switch of wording (1 km, 100 km, 0.1 mi, 100 mi, 60 s, 60 min) and between.
        let metres: [Double] = [0, 0.4, 12, 849.6, 999.4, 999.6, 1000, 1049, 1051, 5_333, 99_949, 99_951, 100_000, 123_456,
                                160.9, 160.93, 161, 1126.5, 160_933, 160_935, 987_654]
        let seconds: [Double] = [0, 29.4, 59.4, 59.6, 60, 89, 91, 1_700, 3_569, 3_571, 3_600, 3_900, 7_170, 86_400]
        let module = MapctlProcess.packageRoot.appendingPathComponent("Sources/MapService/Resources/web/format.mjs").path
        let script = """
            const { distance, duration } = await import(\(String(reflecting: module)));
            const metres = \(metres), seconds = \(seconds);
            for (const units of ["metric", "imperial"]) for (const m of metres) console.log(distance(m, units));
            for (const s of seconds) console.log(duration(s));
            """
        let page = try PythonTools.run("/usr/bin/env", ["node", "--input-type=module", "-e", script])
        let engine = [UnitSystem.metric, .imperial].flatMap { units in metres.map { units.text(metres: $0) } }
            + seconds.map { UnitSystem.text(seconds: $0) }
        #expect(page.split(separator: "\n").map(String.init) == engine)
    }
}
