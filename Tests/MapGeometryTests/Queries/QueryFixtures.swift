import Foundation
import MapGeometry

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

/// A seeded generator (SplitMix64), so every run tests the same "random" cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
