/// Cuts lines and polygons that cross the antimeridian into parts that stay
/// within -180...180 (RFC 7946 §3.1.9), the way Leaflet and MapLibre need them.
///
/// A shape crosses when consecutive longitudes jump by more than 180° (written
/// wrapped) or when longitudes lie beyond ±180 (written unwrapped). Each shape is
/// first unwrapped into continuous longitudes, then cut at every x = 180 + 360k:
/// lines are split at the crossing point, polygon rings are clipped to each
/// 360°-wide window (Sutherland–Hodgman) and shifted back.
///
/// Limitation: a concave ring that crosses the same meridian several times is
/// clipped into one part per window whose pieces are joined along the meridian.
package enum AntimeridianCutter {
    package static func cut(_ geometry: Geometry) -> Geometry {
        switch geometry {
        case let .point(position):
            return .point(wrapped(position))
        case let .multiPoint(multi):
            return .multiPoint(MultiPoint(multi.positions.map(wrapped)))
        case let .lineString(line):
            let parts = cutLine(line.positions)
            return parts.count == 1 ? .lineString(LineString(unchecked: parts[0]))
                : .multiLineString(MultiLineString(parts.map { LineString(unchecked: $0) }))
        case let .multiLineString(multi):
            let parts = multi.lineStrings.flatMap { cutLine($0.positions) }
            return .multiLineString(MultiLineString(parts.map { LineString(unchecked: $0) }))
        case let .polygon(polygon):
            let parts = cutPolygon(polygon)
            return parts.count == 1 ? .polygon(parts[0]) : .multiPolygon(MultiPolygon(parts))
        case let .multiPolygon(multi):
            return .multiPolygon(MultiPolygon(multi.polygons.flatMap(cutPolygon)))
        case let .geometryCollection(members):
            return .geometryCollection(members.map(cut))
        }
    }

    /// The 360° window a longitude falls in: 0 for -180...180, 1 for 180...540, …
    static func window(of longitude: Double) -> Int {
        if longitude >= -180, longitude <= 180 { return 0 }
        return longitude > 180 ? Int(((longitude - 180) / 360).rounded(.up)) : -Int(((-180 - longitude) / 360).rounded(.up))
    }

    static func wrapped(_ position: Position) -> Position {
        shifted(position, by: -360 * Double(window(of: position.longitude)))
    }

    static func shifted(_ position: Position, by offset: Double) -> Position {
        guard offset != 0 else { return position }
        return Position(uncheckedLongitude: position.longitude + offset, latitude: position.latitude,
                        altitude: position.altitude)
    }

    /// Continuous longitudes: a jump of more than 180° between neighbours is taken
    /// as crossing the antimeridian rather than going round the world.
    static func unwrapped(_ positions: [Position]) -> [Position] {
        guard var previous = positions.first else { return positions }
        var result = [previous]
        result.reserveCapacity(positions.count)
        for position in positions.dropFirst() {
            var longitude = position.longitude
            while longitude - previous.longitude > 180 { longitude -= 360 }
            while previous.longitude - longitude > 180 { longitude += 360 }
            let next = Position(uncheckedLongitude: longitude, latitude: position.latitude, altitude: position.altitude)
            result.append(next)
            previous = next
        }
        return result
    }

    /// The point where segment a–b meets the meridian x.
    static func crossing(_ a: Position, _ b: Position, at x: Double) -> Position {
        let t = (x - a.longitude) / (b.longitude - a.longitude)
        let latitude = a.latitude + t * (b.latitude - a.latitude)
        var altitude: Double?
        if let first = a.altitude, let second = b.altitude { altitude = first + t * (second - first) }
        return Position(uncheckedLongitude: x, latitude: latitude, altitude: altitude)
    }

    // MARK: lines

    static func cutLine(_ positions: [Position]) -> [[Position]] {
        guard positions.count >= 2 else { return [positions.map(wrapped)] }
        let line = unwrapped(positions)
        var parts: [[Position]] = []
        var current: [Position] = [line[0]]
        var currentWindow = window(of: line[0].longitude)
        for index in 1..<line.count {
            let a = line[index - 1], b = line[index]
            var targetWindow = window(of: b.longitude)
            if b.longitude == 180 + 360 * Double(currentWindow) || b.longitude == -180 + 360 * Double(currentWindow) {
                targetWindow = currentWindow  // a vertex on the meridian stays in its part
            }
            while targetWindow != currentWindow {
                let step = targetWindow > currentWindow ? 1 : -1
                let meridian = 360 * Double(currentWindow) + 180 * Double(step)
                let point = crossing(a, b, at: meridian)
                current.append(point)
                parts.append(current.map { shifted($0, by: -360 * Double(currentWindow)) })
                currentWindow += step
                current = [point]
            }
            current.append(b)
        }
        parts.append(current.map { shifted($0, by: -360 * Double(currentWindow)) })
        // Pieces that are a single point on the meridian carry no length.
        return parts.filter { part in part.count >= 2 && !part.allSatisfy { $0.sameLocation(as: part[0]) } }
    }

    // MARK: polygons

    static func cutPolygon(_ polygon: Polygon) -> [Polygon] {
        guard let exterior = polygon.exterior else { return [polygon] }
        let shell = unwrapped(exterior.positions)
        let center = shell.reduce(0.0) { $0 + $1.longitude } / Double(shell.count)
        // Holes are unwrapped and moved next to the shell.
        let holes: [[Position]] = polygon.holes.map { hole in
            let continuous = unwrapped(hole.positions)
            let mean = continuous.reduce(0.0) { $0 + $1.longitude } / Double(continuous.count)
            let turns = ((center - mean) / 360).rounded()
            return continuous.map { shifted($0, by: 360 * turns) }
        }
        let windows = (shell + holes.flatMap { $0 }).map { window(of: $0.longitude) }
        let lowest = windows.min()!, highest = windows.max()!
        guard lowest != highest else {
            let offset = -360 * Double(lowest)
            return [Polygon(([shell] + holes).map { LinearRing(unchecked: $0.map { shifted($0, by: offset) }) })]
        }
        var parts: [Polygon] = []
        for part in lowest...highest {
            let west = -180 + 360 * Double(part), east = 180 + 360 * Double(part)
            guard let clippedShell = clip(shell, west: west, east: east) else { continue }
            var rings = [clippedShell]
            for hole in holes { if let clipped = clip(hole, west: west, east: east) { rings.append(clipped) } }
            let offset = -360 * Double(part)
            parts.append(Polygon(rings.map { LinearRing(unchecked: $0.map { shifted($0, by: offset) }) }))
        }
        return parts
    }

    /// A closed ring clipped to west ≤ x ≤ east, closed again; nil when nothing with area is left.
    static func clip(_ ring: [Position], west: Double, east: Double) -> [Position]? {
        var points = Array(ring.dropLast())
        points = clip(points, keep: { $0.longitude >= west }, meridian: west)
        points = clip(points, keep: { $0.longitude <= east }, meridian: east)
        guard points.count >= 3 else { return nil }
        let closed = points + [points[0]]
        guard LinearRing(unchecked: closed).signedDoubleArea != 0 else { return nil }
        return closed
    }

    /// One Sutherland–Hodgman step against a vertical line.
    private static func clip(_ points: [Position], keep: (Position) -> Bool, meridian: Double) -> [Position] {
        guard let last = points.last else { return [] }
        var result: [Position] = []
        var previous = last
        for point in points {
            let inside = keep(point), previousInside = keep(previous)
            if inside {
                if !previousInside { result.append(crossing(previous, point, at: meridian)) }
                result.append(point)
            } else if previousInside {
                result.append(crossing(previous, point, at: meridian))
            }
            previous = point
        }
        // Drop consecutive duplicates created on the meridian.
        var deduplicated: [Position] = []
        for point in result where deduplicated.last.map({ !$0.sameLocation(as: point) }) ?? true {
            deduplicated.append(point)
        }
        if deduplicated.count > 1, deduplicated[0].sameLocation(as: deduplicated[deduplicated.count - 1]) {
            deduplicated.removeLast()
        }
        return deduplicated
    }
}
