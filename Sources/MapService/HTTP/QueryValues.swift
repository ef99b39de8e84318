import Hummingbird
import MapEditing
import MapGeometry

/// The query parameters of a request, read into typed values; a wrong one is a 400 that
/// names the parameter, what it got and what it takes.
struct QueryValues {
    private let parameters: QueryPairs

    init(_ request: Request) { parameters = QueryPairs(request.uri.query) }

    func string(_ name: String) -> String? { parameters[name].map(String.init) }

    func number(_ name: String, in range: ClosedRange<Double>, _ takes: String) throws(Problem) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(decimalText: text[...]), value.isFinite, range.contains(value) else {
            throw .badRequest("\(name)=\(text): \(takes)")
        }
        return value
    }

    func integer(_ name: String, in range: ClosedRange<Int>, _ takes: String) throws(Problem) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else { throw .badRequest("\(name)=\(text): \(takes)") }
        return value
    }

    func required<Value>(_ name: String, _ value: Value?, example: String) throws(Problem) -> Value {
        guard let value else { throw .badRequest("the query parameter \(name) is missing, e.g. \(example)") }
        return value
    }

    /// `lon` and `lat` as a position.
    func position(example: String) throws(Problem) -> Position {
        let longitude = try required("lon", number("lon", in: -180...180, "must be a longitude from -180 to 180"), example: example)
        let latitude = try required("lat", number("lat", in: -90...90, "must be a latitude from -90 to 90"), example: example)
        do { return try Position(longitude: longitude, latitude: latitude) } catch { throw .badRequest("lon, lat: \(error)") }
    }

    /// A `lon,lat` parameter (`start=24.94,60.17`), nil when absent.
    func lonLat(_ name: String) throws(Problem) -> Position? {
        guard let text = string(name) else { return nil }
        do { return try Position(lonLat: text) } catch { throw .badRequest("\(name)=\(text): \(error)") }
    }

    /// A `true`/`false` parameter, false when absent.
    func flag(_ name: String) throws(Problem) -> Bool {
        switch string(name) {
        case nil, "false"?: return false
        case "true"?: return true
        case let other?: throw .badRequest("\(name)=\(other): give true or false")
        }
    }

    /// `bbox=W,S,E,N` (west > east crosses the antimeridian), the world when absent.
    func box() throws(Problem) -> BoundingBox {
        guard let text = string("bbox") else { return .world }
        do { return try BoundingBox(westSouthEastNorth: text) } catch { throw .badRequest("bbox=\(text): \(error)") }
    }

    /// `units` of a distance: m (default), km, mi or ft.
    func lengthUnit() throws(Problem) -> LengthUnit {
        guard let text = string("units") else { return .metres }
        guard let unit = LengthUnit(rawValue: text) else {
            throw .badRequest("units=\(text): give one of \(LengthUnit.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return unit
    }

    /// `units=metric|imperial` (`--units`): how labels say distances; `nil` when absent.
    func unitSystem() throws(Problem) -> UnitSystem? {
        guard let text = string("units") else { return nil }
        guard let system = UnitSystem(rawValue: text) else { throw .badRequest("units=\(text): give metric or imperial") }
        return system
    }

    /// Paging: `page` from 1 and `limit` (default 20, at most 1,000).
    func paging() throws(Problem) -> (page: Int, limit: Int) {
        let page = try integer("page", in: 1...Int.max, "pages count from 1") ?? 1
        let limit = try integer("limit", in: 1...1000, "give 1 to 1000 per page") ?? 20
        return (page, limit)
    }
}
