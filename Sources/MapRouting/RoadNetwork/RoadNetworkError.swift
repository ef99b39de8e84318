import Foundation
import MapGeometry

/// Why a road network could not be built, loaded or queried. Each message names the
/// point or file concerned and says what to do.
public enum RoadNetworkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No segment could be used (none given, or all excluded); the report says why.
    case noUsableRoads(RoadNetworkReport)
    /// A query position is farther from every usable road than the maximum snap distance.
    case tooFarFromRoad(point: String, position: Position, distance: Double, maximum: Double)
    /// No road path joins two points (different pieces of the network, or one-way streets
    /// that lead in only one direction).
    case noPath(from: String, to: String, reason: String)
    /// A road-layer feature that is not a line.
    case notARoad(feature: String, reason: String)
    /// An option that cannot be used (a speed of 0 km/h, a negative snap distance).
    case invalidOption(String)
    /// The network was built without preparing this metric.
    case metricNotPrepared(RoadMetric)
    /// A prepared-network file could not be read.
    case unreadableFile(reason: String)
    /// A turn restriction feature that cannot be used, or that names no road of the network.
    case invalidRestriction(feature: String, reason: String)

    public var description: String {
        switch self {
        case .noUsableRoads(let report):
            "no usable road segment: \(report.segmentsRead) read, \(report.excludedByAccess) excluded by access, "
                + "\(report.excludedByOneway) by an unusable oneway value, \(report.excludedTooShort) with fewer than "
                + "2 positions; give LineString roads with drivable tags"
        case .tooFarFromRoad(let point, let position, let distance, _) where !distance.isFinite:
            "\(point) \(Self.text(position)) has no usable road near it; check the coordinates (longitude first)"
        case .tooFarFromRoad(let point, let position, let distance, let maximum):
            "\(point) \(Self.text(position)) is \(Self.metres(distance)) from the nearest usable road, more than the maximum "
                + "snap distance of \(Self.metres(maximum)); move the point nearer a road or raise the maximum"
        case .noPath(let from, let to, let reason):
            "no road path from \(from) to \(to): \(reason)"
        case .notARoad(let feature, let reason):
            "\(feature) is not a road: \(reason); a road layer holds LineString (or MultiLineString) features"
        case .invalidOption(let message):
            "invalid road network option: \(message)"
        case .metricNotPrepared(let metric):
            "the road network was prepared without the \(metric.rawValue) metric; add it to the options' metrics"
        case .invalidRestriction(let feature, let reason):
            "turn restriction \(feature): \(reason); give {\"restriction\": \"no_left_turn\", \"from\": \"way/1\", \"via\": 2, \"to\": \"way/3\"}"
        case .unreadableFile(let reason):
            "cannot read the prepared road network: \(reason)"
        }
    }

    /// A position as `[lon,lat]` with at most 7 decimals (GeoJSON's usual precision).
    static func text(_ position: Position) -> String {
        func number(_ value: Double) -> String {
            var text = String(format: "%.7f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        return "[\(number(position.longitude)),\(number(position.latitude))]"
    }

    static func metres(_ value: Double) -> String {
        value.isFinite ? "\(Int(value.rounded())) m" : "an unknown distance"
    }
}
