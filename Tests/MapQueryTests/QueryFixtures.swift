import TestSupport
import Foundation
import MapGeometry
import MapGeoJSON

/// Feature collections from ../shared/data, read once with the engine's GeoJSON reader and kept.
struct FixtureFeatures: Sendable {
    let features: [Feature]
    var geometries: [Geometry?] { features.map(\.geometry) }

    nonisolated(unsafe) private static var cache: [String: FixtureFeatures] = [:]
    private static let lock = NSLock()

    static func load(_ relativePath: String) throws -> FixtureFeatures {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[relativePath] { return cached }
        let document = try GeoJSONReader().read(contentsOfFile: SharedData.url(relativePath).path)
        let result = FixtureFeatures(features: document.features)
        cache[relativePath] = result
        return result
    }

    func string(_ key: String, _ item: Int) -> String? { features[item].properties.string(key) }
}

// Random query positions use `SeededGenerator` (Tests/TestSupport/SeededGenerator.swift).
