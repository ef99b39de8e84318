import MapGeometry
import MapGeoJSON
import MapViewport

/// The body of `POST /datasets/{name}/extents`, with the names of `mapctl extents`' options:
///
/// ```json
/// {"width": 1024, "height": 768, "insets": {"left": 320}, "padding": 16, "maxZoom": 18,
///  "ids": ["node/123"], "bbox": [24.9, 60.1, 25.0, 60.2], "geojson": false}
/// ```
///
/// `insets` may also be `[top, right, bottom, left]` or one number; `ids` fits those objects,
/// `bbox` a box instead of objects; `geojson` answers the visible area as a Feature.
struct ExtentsRequest {
    var viewport: Viewport
    var options = CameraFitOptions()
    var ids: [String]?
    var bounds: BoundingBox?
    var geojson = false

    static let members: Set<String> = ["width", "height", "insets", "padding", "tileSize", "minZoom", "maxZoom", "snap",
                                       "singleObjectZoom", "marker", "ids", "bbox", "geojson"]

    init(_ body: JSONFile) throws {
        guard case let .object(object) = body.root else { throw Problem.badRequest(body.problem(at: [], "must be a JSON object such as {\"width\": 1024, \"height\": 768}").description) }
        func fail(_ path: [JSONPathComponent], _ message: String) -> Problem { .badRequest(body.problem(at: path, message).description) }
        for key in object.keys where !Self.members.contains(key) {
            throw fail([.member(key)], "is not an extents option; use \(Self.members.sorted().joined(separator: ", "))")
        }
        func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double? {
            guard let value = object[key] else { return nil }
            guard let number = value.numberValue, range.contains(number) else {
                throw fail([.member(key)], "must be a number from \(range.lowerBound) to \(range.upperBound), found \(value.summary)")
            }
            return number
        }
        guard let width = try number("width", 1...100_000), let height = try number("height", 1...100_000) else {
            throw fail([], "give the viewport's width and height in points, e.g. {\"width\": 1024, \"height\": 768}")
        }
        viewport = Viewport(width: width, height: height)
        if let insets = object["insets"] {
            switch insets {
            case let .number(all) where all >= 0:
                viewport.insets = EdgeInsets(all: all)
            case let .array(values) where values.count == 4 && values.allSatisfy({ ($0.numberValue ?? -1) >= 0 }):
                let edges = values.map { $0.numberValue! }
                viewport.insets = EdgeInsets(top: edges[0], right: edges[1], bottom: edges[2], left: edges[3])
            case let .object(edges):
                var parsed: [String: Double] = [:]
                for member in edges {
                    guard ["top", "right", "bottom", "left"].contains(member.key), let value = member.value.numberValue, value >= 0 else {
                        throw fail([.member("insets"), .member(member.key)], "insets are top, right, bottom and left, each 0 or more points")
                    }
                    parsed[member.key] = value
                }
                viewport.insets = EdgeInsets(top: parsed["top"] ?? 0, right: parsed["right"] ?? 0, bottom: parsed["bottom"] ?? 0, left: parsed["left"] ?? 0)
            default:
                throw fail([.member("insets")], "must be {\"top\", \"right\", \"bottom\", \"left\"}, [top, right, bottom, left] or one number of points, found \(insets.summary)")
            }
        }
        options.padding = try number("padding", 0...10_000) ?? 0
        if let tileSize = try number("tileSize", 256...512) {
            guard MapTileSize.supported.contains(Int(tileSize)), tileSize == tileSize.rounded() else {
                throw fail([.member("tileSize")], "must be 256 (Leaflet) or 512 (MapLibre)")
            }
            options.tileSize = Int(tileSize)
        }
        options.minZoom = try number("minZoom", 0...30) ?? options.minZoom
        options.maxZoom = try number("maxZoom", 0...30) ?? options.maxZoom
        if let step = try number("snap", 0...1) { options.snap = ZoomSnap(step: step) }
        options.singleObjectZoom = try number("singleObjectZoom", 0...30) ?? options.singleObjectZoom
        if let marker = object["marker"] {
            guard case let .object(size) = marker, let w = size["width"]?.numberValue, let h = size["height"]?.numberValue, w >= 0, h >= 0 else {
                throw fail([.member("marker")], "must be {\"width\": points, \"height\": points}, found \(marker.summary)")
            }
            options.marker = .pin(width: w, height: h)
        }
        if let ids = object["ids"] {
            guard case let .array(values) = ids else { throw fail([.member("ids")], "must be an array of object ids, found \(ids.summary)") }
            self.ids = try values.enumerated().map { at, value in
                switch value {
                case let .string(text): return text
                case let .number(number) where number == number.rounded(): return FeatureIdentifier(number).description
                default: throw fail([.member("ids"), .index(at)], "must be an object id (a string or a number), found \(value.summary)")
                }
            }
        }
        if let box = object["bbox"] {
            guard case let .array(values) = box, values.count == 4, values.allSatisfy({ $0.numberValue != nil }) else {
                throw fail([.member("bbox")], "must be [west, south, east, north] in degrees, found \(box.summary)")
            }
            let edges = values.map { $0.numberValue! }
            do { bounds = try BoundingBox(west: edges[0], south: edges[1], east: edges[2], north: edges[3]) } catch {
                throw fail([.member("bbox")], "\(error)")
            }
            if ids != nil { throw fail([.member("bbox")], "give ids or bbox, not both") }
        }
        if let flag = object["geojson"] {
            guard let value = flag.boolValue else { throw fail([.member("geojson")], "must be true or false, found \(flag.summary)") }
            geojson = value
        }
    }
}
