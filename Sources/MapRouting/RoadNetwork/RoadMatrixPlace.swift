import MapGeometry
import MapGeoJSON

/// A place of a road matrix: a Point feature's position and id, and a name for messages.
public struct RoadMatrixPlace: Hashable, Sendable {
    /// The feature's `id`, else its `id` property (a string or a number); nil when it has neither.
    public var id: JSONValue?
    /// Where the place is.
    public var position: Position
    /// How messages name it: `"stops.geojson: features[3] (id 17)"`.
    public var name: String

    /// Creates a place.
    public init(id: JSONValue?, position: Position, name: String) {
        self.id = id
        self.position = position
        self.name = name
    }

    /// The places of a layer of Point features, in input order.
    /// - Parameter file: names the layer in messages (a file name, "standard input").
    /// - Throws: ``RoadMatrixInputError`` naming the first feature that is not a Point.
    public static func places(from features: [Feature], file: String) throws(RoadMatrixInputError) -> [RoadMatrixPlace] {
        var places = [RoadMatrixPlace]()
        places.reserveCapacity(features.count)
        for (index, feature) in features.enumerated() {
            let id: JSONValue?
            switch feature.id {
            case .string(let text)?: id = .string(text)
            case .number(let text)?: id = Double(text).map(JSONValue.number)
            case nil:
                let property = feature.properties.value("id")
                id = property?.stringValue != nil || property?.numberValue != nil ? property : nil
            }
            guard case .point(let position) = feature.geometry else {
                throw .notAPoint(file: file, index: index, found: feature.geometry?.typeName ?? "no geometry")
            }
            let idText = id.map { " (id \($0.stringValue ?? String(decoding: GeoJSONWriter().encode($0), as: UTF8.self)))" } ?? ""
            places.append(RoadMatrixPlace(id: id, position: position, name: "\(file): features[\(index)]\(idText)"))
        }
        return places
    }
}

/// Why features could not become places of a road matrix.
public enum RoadMatrixInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The feature at `index` of `file` has another geometry type, or none.
    case notAPoint(file: String, index: Int, found: String)
    /// A layer without any feature.
    case noPlaces(file: String)

    public var description: String {
        switch self {
        case .notAPoint(let file, let index, let found):
            "\(file): features[\(index)]: a matrix place must be a Point, found \(found); give Point features"
        case .noPlaces(let file):
            "\(file): no places: give a FeatureCollection of Point features"
        }
    }
}
