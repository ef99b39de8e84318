import MapGeoJSON

extension StopObject {
    /// The stop objects of GeoJSON features: each must be a Point. The id is the
    /// feature's `id`, else its `id` property, else `feature N` (0-based input index);
    /// `items` is the `items` property when it is a whole number ≥ 0.
    /// - Throws: ``StopInputError`` naming the first feature that is not a usable stop.
    public static func objects(from features: [Feature]) throws(StopInputError) -> [StopObject] {
        var objects: [StopObject] = []
        objects.reserveCapacity(features.count)
        for (index, feature) in features.enumerated() {
            guard case .point(let position) = feature.geometry else {
                throw .notAPoint(index: index, found: feature.geometry?.typeName ?? "no geometry")
            }
            let id: String
            if let featureId = feature.id {
                id = featureId.stringValue ?? featureId.description
            } else if let value = feature.properties.value("id"), !value.isNull {
                id = value.stringValue ?? value.numberValue.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "feature \(index)"
            } else {
                id = "feature \(index)"
            }
            var items: Int?
            if let value = feature.properties.value("items"), !value.isNull {
                guard let number = value.numberValue, number >= 0, number == number.rounded(), number < 1e9 else {
                    throw .badItems(index: index, found: value.summary)
                }
                items = Int(number)
            }
            objects.append(StopObject(id: id, position: position, items: items))
        }
        return objects
    }
}

/// Why features could not become stops.
public enum StopInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The feature at `index` has another geometry type, or none.
    case notAPoint(index: Int, found: String)
    /// The feature's `items` property is not a whole number ≥ 0.
    case badItems(index: Int, found: String)

    public var description: String {
        switch self {
        case .notAPoint(let index, let found):
            "features[\(index)]: a stop must be a Point, found \(found)"
        case .badItems(let index, let found):
            "features[\(index)].properties.items: expected a whole number of items ≥ 0, found \(found)"
        }
    }
}
