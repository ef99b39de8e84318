import TestSupport
import Foundation
import MapClustering
import MapGeoJSON

/// The real object layers the behaviour tests use, read with MapGeometry's GeoJSON reader.
enum RealData {
    /// Data/objects.geojson: 3,841 Helsinki objects (points, lines, polygons) with 25 types.
    static let helsinki: FeatureCollection = read(SharedData.packageRoot.appendingPathComponent("Data/objects.geojson").path)

    /// ../shared/data/real/andorra/objects.geojson: 8,146 Andorra objects with 23 types.
    static var andorra: FeatureCollection { read(SharedData.url("real/andorra/objects.geojson").path) }

    /// Helsinki, and Andorra when the shared data is there: the layers a test runs over
    /// without crashing the whole run where ../shared is absent.
    static var layers: [FeatureCollection] { SharedData.isAvailable ? [helsinki, andorra] : [helsinki] }

    static func read(_ path: String) -> FeatureCollection {
        do { return try GeoJSONReader().read(contentsOfFile: path).featureCollection } catch {
            fatalError("cannot read \(path): \(error)")
        }
    }

    /// The 234,908 GeoNames places clustered with default options, built once for all tests.
    static let places: (input: ClusterInput, index: ClusterIndex) = {
        let input = try! Fixtures.realPlaces()
        return (input, try! ClusterIndex(points: input))
    }()
}
