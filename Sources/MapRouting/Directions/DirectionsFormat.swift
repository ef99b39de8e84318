import MapGeometry
import MapGeoJSON

/// The forms `mapctl directions` and the service's `POST /directions` answer in.
public enum DirectionsFormat: Hashable, Sendable {
    /// The path as a GeoJSON Feature: its line, totals and `steps` (``RoadPath/feature(members:)``).
    case line
    /// The manoeuvres as a FeatureCollection of Points (``RoadPath/stepFeatures(members:)``).
    case stepPoints
    /// Numbered lines of text with distances in these units (``RoadPath/text(units:members:)``).
    case text(UnitSystem)
}

extension RoadPath {
    /// The bytes of the answer in a form: GeoJSON written with `writer`'s options (a compact
    /// text ends with a newline), or the text directions.
    public func answer(
        _ format: DirectionsFormat, members: [ForeignMember] = [], writer: GeoJSONWriter.Options = .init()
    ) -> [UInt8] {
        var bytes: [UInt8]
        switch format {
        case .line: bytes = GeoJSONWriter(options: writer).encode(feature(members: members))
        case .stepPoints: bytes = GeoJSONWriter(options: writer).encode(stepFeatures(members: members))
        case .text(let units): return Array(text(units: units, members: members).utf8)
        }
        if !writer.pretty { bytes.append(0x0A) }
        return bytes
    }
}
