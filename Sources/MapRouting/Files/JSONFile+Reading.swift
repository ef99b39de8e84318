import MapGeometry
import MapGeoJSON

/// Typed reads of values in a ``JSONFile``: each failure names the file, line:column and
/// JSON path of the value, what was expected and what was found.
extension JSONFile {
    func value(at path: [JSONPathComponent]) -> JSONValue? {
        var current = root
        for component in path {
            switch component {
            case let .member(name):
                guard let next = current.objectValue?[name] else { return nil }
                current = next
            case let .index(index):
                guard let array = current.arrayValue, array.indices.contains(index) else { return nil }
                current = array[index]
            }
        }
        return current
    }

    func number(at path: [JSONPathComponent], _ rule: String = "a number", where accept: (Double) -> Bool = { $0.isFinite })
        throws(GeoJSONError) -> Double {
        let value = self.value(at: path) ?? .null
        guard let number = value.numberValue, accept(number) else {
            throw problem(at: path, "must be \(rule), found \(value.summary)")
        }
        return number
    }

    func array(at path: [JSONPathComponent], _ rule: String, count: Int? = nil) throws(GeoJSONError) -> [JSONValue] {
        let value = self.value(at: path) ?? .null
        guard let array = value.arrayValue, count.map({ $0 == array.count }) ?? true else {
            throw problem(at: path, "must be \(rule), found \(value.arrayValue.map { "\($0.count) values" } ?? value.summary)")
        }
        return array
    }

    func position(at path: [JSONPathComponent]) throws(GeoJSONError) -> Position {
        _ = try array(at: path, "[longitude, latitude] in degrees", count: 2)
        let longitude = try number(at: path + [.index(0)], "a longitude in degrees")
        let latitude = try number(at: path + [.index(1)], "a latitude in degrees")
        let order = "positions are [longitude, latitude], longitude first"
        guard (-90...90).contains(latitude) else {
            let swapped = (-90...90).contains(longitude) && (-180...180).contains(latitude)
            throw problem(at: path + [.index(1)], "latitude \(latitude) is outside -90…90", hint: swapped ? "are longitude and latitude swapped? " + order : order)
        }
        guard (-180...180).contains(longitude) else {
            throw problem(at: path + [.index(0)], "longitude \(longitude) is outside -180…180", hint: order)
        }
        do { return try Position(longitude: longitude, latitude: latitude) } catch {
            throw problem(at: path, "\(error)", hint: order)
        }
    }
}
