import Foundation

/// A road layer read with Foundation's JSONSerialization and measured with plain spherical
/// formulas: the independent reference the step tests judge the engine's steps against
/// (none of the engine's reader, graph or geodesics).
struct PlainRoads {
    struct Vertex: Hashable {
        let lon: Double
        let lat: Double
    }

    /// Two consecutive vertices of a road, in either order.
    struct Pair: Hashable {
        let a: Vertex
        let b: Vertex
        init(_ p: Vertex, _ q: Vertex) {
            (a, b) = (p.lon, p.lat) < (q.lon, q.lat) ? (p, q) : (q, p)
        }
    }

    struct Road {
        let id: String
        let name: String?
        let ref: String?
        let highway: String?
        let oneway: String?
        let junction: String?
        let access: String?
        let fromNode: Int64
        let toNode: Int64
        let vertices: [Vertex]

        var isRing: Bool { junction == "roundabout" || junction == "circular" }

        /// OSM's one-way rules, restated: (forward allowed, backward allowed); nil when the
        /// road is not driven at all (access no/private, reversible).
        var drivable: (forward: Bool, backward: Bool)? {
            if access == "no" || access == "private" { return nil }
            switch oneway?.lowercased() {
            case "yes", "true", "1": return (true, false)
            case "-1", "reverse": return (false, true)
            case "no", "false", "0": return (true, true)
            case nil: return isRing || highway == "motorway" ? (true, false) : (true, true)
            default: return nil
            }
        }

        /// True when a car may leave `node` along this road.
        func leaves(_ node: Int64) -> Bool {
            guard let drivable else { return false }
            return (fromNode == node && drivable.forward) || (toNode == node && drivable.backward)
        }

        /// The vertices in the order a car leaving `node` drives them.
        func vertices(leaving node: Int64) -> [Vertex] { fromNode == node ? vertices : vertices.reversed() }
    }

    let roads: [Road]
    let byPair: [Pair: [Int]]
    let byNode: [Int64: [Int]]
    let nodeAt: [Vertex: Int64]

    init(contentsOf url: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var roads = [Road](), byPair = [Pair: [Int]](), byNode = [Int64: [Int]](), nodeAt = [Vertex: Int64]()
        for feature in root["features"] as! [[String: Any]] {
            let properties = feature["properties"] as! [String: Any]
            let coordinates = (feature["geometry"] as! [String: Any])["coordinates"] as! [[Double]]
            func text(_ key: String) -> String? {
                let value = (properties[key] as? String)?.trimmingCharacters(in: .whitespaces)
                return value?.isEmpty == false ? value : nil
            }
            let road = Road(
                id: properties["id"] as! String, name: text("name"), ref: text("ref"), highway: text("highway"),
                oneway: text("oneway"), junction: text("junction"), access: text("access"),
                fromNode: (properties["from_node"] as! NSNumber).int64Value, toNode: (properties["to_node"] as! NSNumber).int64Value,
                vertices: coordinates.map { Vertex(lon: $0[0], lat: $0[1]) })
            let index = roads.count
            roads.append(road)
            for (p, q) in zip(road.vertices, road.vertices.dropFirst()) { byPair[Pair(p, q), default: []].append(index) }
            byNode[road.fromNode, default: []].append(index)
            byNode[road.toNode, default: []].append(index)
            nodeAt[road.vertices[0]] = road.fromNode
            nodeAt[road.vertices[road.vertices.count - 1]] = road.toNode
        }
        (self.roads, self.byPair, self.byNode, self.nodeAt) = (roads, byPair, byNode, nodeAt)
    }

    // MARK: Plain spherical measures

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// Haversine distance in metres on a sphere of the mean Earth radius.
    static func distance(_ p: Vertex, _ q: Vertex) -> Double {
        let φ1 = radians(p.lat), φ2 = radians(q.lat), dφ = φ2 - φ1, dλ = radians(q.lon - p.lon)
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }

    /// Initial great-circle bearing from `p` to `q`, degrees clockwise from north, 0..<360.
    static func bearing(_ p: Vertex, _ q: Vertex) -> Double {
        let φ1 = radians(p.lat), φ2 = radians(q.lat), dλ = radians(q.lon - p.lon)
        let θ = atan2(sin(dλ) * cos(φ2), cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(dλ)) * 180 / .pi
        return θ < 0 ? θ + 360 : θ
    }

    /// Turn from one bearing to another, -180...180, positive to the right.
    static func turn(_ before: Double, _ after: Double) -> Double {
        var angle = (after - before).truncatingRemainder(dividingBy: 360)
        if angle > 180 { angle -= 360 }
        if angle <= -180 { angle += 360 }
        return angle
    }

    /// The point `metres` along a polyline from its first vertex (its last when shorter).
    static func point(along line: [Vertex], metres: Double) -> Vertex {
        var left = metres
        for (p, q) in zip(line, line.dropFirst()) {
            let length = distance(p, q)
            if length >= left && length > 0 {
                let t = left / length
                return Vertex(lon: p.lon + t * (q.lon - p.lon), lat: p.lat + t * (q.lat - p.lat))
            }
            left -= length
        }
        return line[line.count - 1]
    }

    /// The direction of a polyline at its first vertex, over its first 20 m.
    static func direction(of line: [Vertex]) -> Double {
        bearing(line[0], point(along: line, metres: 20))
    }
}
