import Foundation

/// Independent references for the example checks: plain JSON (Foundation, not the engine's
/// reader) and spherical formulas, so that a wrong answer of the engine cannot hide itself.
enum PlainGeo {
    typealias Point = (lon: Double, lat: Double)

    /// The features of a GeoJSON file in `Data/`, parsed with Foundation.
    static func features(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: ExamplesProcess.packageRoot.appendingPathComponent("Data/\(name)"))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return root?["features"] as? [[String: Any]] ?? []
    }

    static func geometryType(_ feature: [String: Any]) -> String? {
        (feature["geometry"] as? [String: Any])?["type"] as? String
    }

    static func property(_ feature: [String: Any], _ key: String) -> Any? {
        (feature["properties"] as? [String: Any])?[key]
    }

    static func point(_ feature: [String: Any]) -> Point? {
        guard geometryType(feature) == "Point",
            let c = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double], c.count >= 2
        else { return nil }
        return (c[0], c[1])
    }

    /// Every position in nested coordinate arrays.
    static func positions(_ coordinates: Any?) -> [Point] {
        if let c = coordinates as? [Double], c.count >= 2 { return [(c[0], c[1])] }
        guard let list = coordinates as? [Any] else { return [] }
        return list.flatMap(positions)
    }

    /// Great-circle distance in metres on the sphere of WGS84's mean radius (within about
    /// 0.5 % of the geodesic one).
    static func haversine(_ a: Point, _ b: Point) -> Double {
        let r = 6_371_008.8, rad = Double.pi / 180
        let dLat = (b.lat - a.lat) * rad, dLon = (b.lon - a.lon) * rad
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.lat * rad) * cos(b.lat * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * r * asin(min(1, sqrt(h)))
    }

    /// Web Mercator pixel coordinates at `zoom` for 256-pixel tiles.
    static func pixel(_ p: Point, zoom: Double) -> (x: Double, y: Double) {
        let size = 256 * pow(2, zoom)
        let sinLat = sin(p.lat * Double.pi / 180)
        return ((p.lon + 180) / 360 * size, (0.5 - log((1 + sinLat) / (1 - sinLat)) / (4 * Double.pi)) * size)
    }

    /// True when segments ab and cd cross at a point inside both (a proper crossing).
    static func properlyCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double {
            (q.lon - p.lon) * (r.lat - p.lat) - (q.lat - p.lat) * (r.lon - p.lon)
        }
        let d1 = side(c, d, a), d2 = side(c, d, b), d3 = side(a, b, c), d4 = side(a, b, d)
        return d1 * d2 < 0 && d3 * d4 < 0
    }

    /// True when a closed ring has two non-adjacent edges that cross.
    static func selfCrosses(_ ring: [Point]) -> Bool {
        let n = ring.count - 1
        guard n >= 3 else { return false }
        for i in 0..<n {
            for j in stride(from: i + 2, to: n, by: 1) where !(i == 0 && j == n - 1) {
                if properlyCross(ring[i], ring[i + 1], ring[j], ring[j + 1]) { return true }
            }
        }
        return false
    }

    /// Area of a small ring in square metres: shoelace formula in a local equirectangular
    /// projection with WGS84's radii of curvature at its mean latitude (within 0.1 % for rings
    /// a few hundred metres across).
    static func smallRingArea(_ ring: [Point]) -> Double {
        let rad = Double.pi / 180, a = 6_378_137.0, e2 = 0.00669437999014
        let lat0 = ring.map(\.lat).reduce(0, +) / Double(ring.count) * rad
        let w = 1 - e2 * sin(lat0) * sin(lat0)
        let north = a * (1 - e2) / pow(w, 1.5) * rad, east = a / sqrt(w) * cos(lat0) * rad  // metres per degree
        var sum = 0.0
        for i in 0..<(ring.count - 1) {
            let (p, q) = (ring[i], ring[i + 1])
            sum += (p.lon * east) * (q.lat * north) - (q.lon * east) * (p.lat * north)
        }
        return abs(sum) / 2
    }
}
