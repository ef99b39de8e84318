import Foundation
import MapEditing
import MapGeoJSON

/// Reads the features of a real-data GeoJSON file with the engine's reader, as drawings.
/// Planar and without the reader's ring-crossing check, so that what reaches the validator is
/// exactly what the file holds (the Natural Earth Sudan ring crosses itself, on purpose).
enum TestGeoJSON {
    struct Feature {
        var properties: Properties
        var drawing: DrawnGeometry
        var id: String { properties.string("id") ?? properties.string("name") ?? "?" }
    }

    static func features(at url: URL) throws -> [Feature] {
        var options = GeoJSONReader.Options()
        options.domain = .planar
        options.checkRingCrossings = false
        return try GeoJSONReader(options: options).read(contentsOfFile: url.path).features.compactMap { feature in
            feature.geometry.map { Feature(properties: feature.properties, drawing: DrawnGeometry($0)) }
        }
    }
}
