import Foundation
@testable import MapGeometry
@testable import MapQuery

/// The plain answer the index must reproduce: every item measured, with nothing but the
/// foundation's `Geodesic`, the segment distance and GEOS point-in-polygon.
struct BruteForceDistance {
    let geometries: [Geometry?]
    private let areas: [Int: PreparedGeometry]
    /// The longest segment of each item: a point of a segment is at most this far from a vertex.
    private let longestSegments: [Double]

    init(_ geometries: [Geometry?]) throws {
        self.geometries = geometries
        longestSegments = geometries.map { geometry in
            guard let geometry else { return 0 }
            var longest = 0.0
            for piece in Self.pieces(geometry) where piece.count > 1 {
                for index in 1..<piece.count {
                    longest = max(longest, Geodesic.distance(from: piece[index - 1], to: piece[index]))
                }
            }
            return longest
        }
        var areas: [Int: PreparedGeometry] = [:]
        for (item, geometry) in geometries.enumerated() {
            switch geometry {
            case .polygon?, .multiPolygon?: areas[item] = try PreparedGeometry(geometry!)
            default: break
            }
        }
        self.areas = areas
    }

    /// The segments and lone points of a geometry, as lon/lat pairs.
    private static func pieces(_ geometry: Geometry) -> [[Position]] {
        switch geometry {
        case let .point(position): [[position]]
        case let .multiPoint(multi): multi.positions.map { [$0] }
        case let .lineString(line): [line.positions]
        case let .multiLineString(multi): multi.lineStrings.map(\.positions)
        case let .polygon(polygon): polygon.rings.map(\.positions)
        case let .multiPolygon(multi): multi.polygons.flatMap { $0.rings.map(\.positions) }
        case let .geometryCollection(members): members.flatMap(pieces)
        }
    }

    /// A lower bound of the geodesic distance between two positions (see below).
    private func lowerBound(_ p: Position, _ q: Position) -> Double {
        let toRadians = Double.pi / 180
        let sinHalfLatitude = sin((q.latitude - p.latitude) * toRadians / 2)
        let sinHalfLongitude = sin((q.longitude - p.longitude) * toRadians / 2)
        let h = sinHalfLatitude * sinHalfLatitude
            + cos(p.latitude * toRadians) * cos(q.latitude * toRadians) * sinHalfLongitude * sinHalfLongitude
        return 2 * asin(min(1, h.squareRoot())) * 6_335_439 * 0.999_999
    }

    /// Lower and upper bounds of the distance from `target` to each item's nearest vertex:
    /// great-circle distances on spheres of radius a(1 − e²) and a/√(1 − e²), the smallest and
    /// largest radii of curvature of WGS84, which bracket every geodesic distance.
    func nearestVertexDistances(from target: Position) -> [(lower: Double, upper: Double)] {
        let toRadians = Double.pi / 180
        let a = 6_378_137.0, e2 = (2 - 1 / 298.257223563) / 298.257223563
        let smallest = a * (1 - e2), largest = a / (1 - e2).squareRoot()
        let latitude = target.latitude * toRadians, cosLatitude = cos(latitude)
        return geometries.map { geometry in
            var nearest = Double.infinity
            geometry?.forEachPosition { position in
                let otherLatitude = position.latitude * toRadians
                let sinHalfLatitude = sin((otherLatitude - latitude) / 2)
                let sinHalfLongitude = sin((position.longitude - target.longitude) * toRadians / 2)
                let h = sinHalfLatitude * sinHalfLatitude
                    + cosLatitude * cos(otherLatitude) * sinHalfLongitude * sinHalfLongitude
                nearest = min(nearest, 2 * asin(min(1, h.squareRoot())))
            }
            return (nearest * smallest * 0.999_999, nearest * largest * 1.000_001)
        }
    }

    /// Distances of every item to `target`, measuring exactly only items that may lie within
    /// `limit`: an item is skipped when it cannot contain `target` and its nearest vertex, less
    /// its longest segment (with 1 % margin for the lon/lat path being longer than the
    /// geodesic), is beyond `limit`.
    func distances(
        from target: Position, limit: Double, vertexDistances: [(lower: Double, upper: Double)]? = nil
    ) throws -> [Int: Double] {
        let vertexDistances = vertexDistances ?? nearestVertexDistances(from: target)
        var result: [Int: Double] = [:]
        for (item, geometry) in geometries.enumerated() {
            guard let geometry else { continue }
            let area = areas[item]
            if vertexDistances[item].lower - longestSegments[item] * 1.01 > limit, area == nil { continue }
            let pieces = Self.pieces(geometry)
            if let area, try area.covers(target) {
                result[item] = 0
                continue
            }
            if vertexDistances[item].lower - longestSegments[item] * 1.01 > limit { continue }
            // Every segment is measured unless both its ends are provably farther than the
            // best distance so far by more than the segment's length.
            var best = Double.infinity
            for piece in pieces {
                let lower = piece.map { lowerBound(target, $0) }
                for index in piece.indices {
                    if lower[index] <= best {
                        best = min(best, Geodesic.distance(from: target, to: piece[index]))
                    }
                    guard index > 0 else { continue }
                    let a = piece[index - 1], b = piece[index]
                    let reach = Geodesic.distance(from: a, to: b) * 1.01
                    if min(lower[index - 1], lower[index]) - reach > best { continue }
                    best = min(best, SegmentDistance.distance(from: target, a.longitude, a.latitude, b.longitude, b.latitude))
                }
            }
            result[item] = best
        }
        return result
    }

    /// Near me by brute force, nearest first.
    func within(
        _ radius: Double, of target: Position, vertexDistances: [(lower: Double, upper: Double)]? = nil
    ) throws -> [DistanceHit] {
        try distances(from: target, limit: radius, vertexDistances: vertexDistances)
            .filter { $0.value <= radius }
            .map { DistanceHit(item: $0.key, distance: $0.value) }
            .sorted(by: DistanceHit.nearerFirst)
    }

    /// The k nearest by brute force: the k-th smallest vertex distance bounds the k-th distance.
    func nearest(
        _ k: Int, to target: Position, vertexDistances: [(lower: Double, upper: Double)]? = nil
    ) throws -> [DistanceHit] {
        let vertexDistances = vertexDistances ?? nearestVertexDistances(from: target)
        let sorted = vertexDistances.map(\.upper).filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return [] }
        let limit = sorted[min(k, sorted.count) - 1]
        return Array(try within(limit, of: target, vertexDistances: vertexDistances).prefix(k))
    }
}
