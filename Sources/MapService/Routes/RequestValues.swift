import Foundation
import Hummingbird
import MapEditing
import MapGeometry
import MapGeoJSON
import MapRouting

/// Values several routes read the same way.
enum RequestValues {
    /// The object id of the path, percent-decoded (`node%2F123` → `node/123`).
    static func objectID(_ context: BasicRequestContext) throws -> String {
        let raw = try context.parameters.require("id")
        return raw.removingPercentEncoding ?? raw
    }

    /// A validator with the default options; GEOS failing to start is the drawing's problem (422).
    static func validator() throws(Problem) -> EditValidator {
        do { return try EditValidator() } catch { throw .unprocessable("\(error)") }
    }

    /// `[longitude, latitude]` in a JSON body, nil when the value is not one.
    static func position(_ value: JSONValue?) -> Position? {
        guard case let .array(pair)? = value, pair.count == 2, let lon = pair[0].numberValue, let lat = pair[1].numberValue else { return nil }
        return try? Position(longitude: lon, latitude: lat)
    }

    /// A body's `"by"`: `"time"` (default) or `"distance"`.
    static func roadMetric(_ value: JSONValue?, in body: JSONFile) throws(Problem) -> RoadMetric {
        switch value?.stringValue ?? "time" {
        case "time": return .time
        case "distance": return .distance
        default: throw .badRequest(body.problem(at: [.member("by")], "must be \"time\" or \"distance\"").description)
        }
    }
}
