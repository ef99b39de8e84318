import Hummingbird
import MapGeoJSON
import MapRouting

extension RoutingRoutes {
    /// `POST /matrix` with Point features: `{"roads": NAME, "metric": "both", "places":
    /// FeatureCollection}` (or `"sources"` and `"targets"`) → the bytes `mapctl matrix --roads
    /// FILE [--metric M] [--restrictions R] POINTS` (or `--sources --targets`) prints:
    /// `{"sources": [ids], "targets": [ids], "distances": [[…]], "durations": [[…]]}`.
    func roadTable(_ object: JSONObject, body: JSONFile, request: Request) throws -> Response {
        func fail(_ path: [JSONPathComponent], _ message: String) -> Problem { .badRequest(body.problem(at: path, message).description) }
        let allowed: Set<String> = ["roads", "metric", "places", "sources", "targets", "restrictions"]
        for key in object.keys where !allowed.contains(key) {
            throw fail([.member(key)], "is not an option of a matrix between features; use \(allowed.sorted().joined(separator: ", "))")
        }
        let keys = object["places"] != nil ? ["places", "places"] : ["sources", "targets"]
        guard object["places"] == nil || (object["sources"] == nil && object["targets"] == nil),
              keys.allSatisfy({ object[$0] != nil })
        else {
            throw fail([], "give \"places\", or \"sources\" and \"targets\", each a FeatureCollection of Points")
        }
        guard let name = object["roads"]?.stringValue else { throw fail([.member("roads")], "must name a road network of the service") }
        let metric = object["metric"]?.stringValue ?? RoadMatrixTable.Measures.both.rawValue
        guard let measures = RoadMatrixTable.Measures(rawValue: metric) else {
            throw fail([.member("metric")], "must be \"distance\", \"duration\" or \"both\"")
        }
        func places(_ key: String) throws -> [RoadMatrixPlace] {
            let places: [RoadMatrixPlace]
            do {
                let document = try GeoJSONReader().read(bytes: GeoJSONWriter().encode(object[key]!), fileName: key)
                places = try RoadMatrixPlace.places(from: document.features, file: key)
            } catch {
                throw fail([.member(key)], "\(error)")
            }
            guard (1...Self.maximumMatrixPlaces).contains(places.count) else {
                throw fail([.member(key)], "give 1 to \(Self.maximumMatrixPlaces) Point features")
            }
            return places
        }
        let sources = try places(keys[0]), targets = keys[1] == keys[0] ? sources : try places(keys[1])
        var network = try state.store.roads(name)
        network.turnRules = try Self.turnRules(object["restrictions"], on: network, fail: fail)
        let table = try answering {
            try RoadQuerySession(network).matrixTable(sources: sources, targets: targets, measures: measures)
        }
        return Answer.bytes(table.jsonBytes(), type: Answer.json, for: request)
    }
}
