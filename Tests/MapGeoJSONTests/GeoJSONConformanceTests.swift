import Foundation
import Testing
import TestSupport
@testable import MapGeoJSON

/// The 136 files of `conformance/geojson` with the verdict `manifest.jsonl` gives each.
@Suite("GeoJSON conformance (geojsonhint, geojson-validator)",
       .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct GeoJSONConformanceTests {
    struct Case: CustomStringConvertible, Sendable {
        var file: String
        var expect: String
        var rule: String
        var description: String { "\(expect) \(rule) \(file)" }
    }

    static let folder = "conformance/geojson/"

    static var cases: [Case] {
        guard SharedData.isAvailable,
              let text = try? String(contentsOfFile: SharedData.url(folder + "manifest.jsonl").path, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let file = object["file"] as? String, let expect = object["expect"] as? String,
                  let rule = object["rule"] as? String else { return nil }
            return Case(file: file, expect: expect, rule: rule)
        }
    }

    /// Error codes that name the manifest's rule when the wording differs.
    static let acceptedCodes: [String: Set<String>] = [
        "multiple": ["feature_id_type", "position_not_number", "feature_type", "coordinates_type"],
        "ring_too_short": ["ring_too_short"],
        "root_not_object": ["root_not_object"],
        "type_not_string": ["type_not_string"],
        "coordinates_depth": ["coordinates_depth"],
    ]

    @Test func manifestHasEveryFile() {
        let cases = Self.cases
        #expect(cases.count == 136)
        #expect(cases.filter { $0.expect == "valid" }.count == 47)
        #expect(cases.filter { $0.expect == "invalid" }.count == 73)
        #expect(cases.filter { $0.expect == "warning" }.count == 16)
    }

    @Test(arguments: cases)
    func verdict(_ testCase: Case) throws {
        let path = SharedData.url(Self.folder + testCase.file).path
        var options = GeoJSONReader.Options()
        // issue82 is "valid" only for a lenient parser: its latitudes reach -141.
        if testCase.file.hasSuffix("issue82.geojson") { options.domain = .planar }
        let reader = GeoJSONReader(options: options)
        switch testCase.expect {
        case "valid":
            let document = try reader.read(contentsOfFile: path)
            // Valid files may carry editor hints, but never structural or geometry warnings.
            let unexpected = document.warnings.filter { $0.code != "precision" }
            #expect(unexpected.isEmpty, "\(unexpected)")
        case "warning":
            let document = try reader.read(contentsOfFile: path)
            #expect(document.warnings.contains { $0.code == testCase.rule },
                    "expected a \(testCase.rule) warning, got \(document.warnings)")
            for warning in document.warnings {
                #expect(warning.line > 0 && warning.file == path)
            }
        default:
            do {
                let document = try reader.read(contentsOfFile: path)
                Issue.record("accepted an invalid file: \(document.features.count) features")
            } catch {
                let codes = Self.acceptedCodes[testCase.rule] ?? [testCase.rule]
                #expect(codes.contains(error.code), "rule \(testCase.rule), got \(error.code): \(error)")
                #expect(error.file == path)
                #expect(error.line > 0 && error.column > 0)
                #expect(error.description.hasPrefix("\(path):\(error.line):\(error.column): "))
            }
        }
    }

    /// The same files with the default (unwrapped geographic) domain: issue82 is the one
    /// valid file refused, for a latitude beyond ±90.
    @Test func issue82NeedsThePlanarDomain() throws {
        let path = SharedData.url(Self.folder + "geojsonhint/good/issue82.geojson").path
        #expect(throws: GeoJSONError.self) { try GeoJSONReader().read(contentsOfFile: path) }
        do { _ = try GeoJSONReader().read(contentsOfFile: path) } catch {
            #expect(error.code == "coordinate_range")
            #expect(error.path == "coordinates[0][0][0]")
        }
    }
}
