import ArgumentParser
import MapGeoJSON
import MapGeometry
import MapQuery

/// `--within FILE` (and `--within-distance`): only features inside the file's polygons, or near
/// any of its features.
struct WithinOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Keep features inside the polygons of this GeoJSON file.", valueName: "FILE"))
    var within: String?

    @Option(name: .customLong("within-distance"), help: ArgumentHelp(
        "With --within: grow its areas by this many metres (then points and lines of the file count too).", valueName: "metres"))
    var withinDistance: Double?

    func validate() throws {
        guard let withinDistance else { return }
        guard within != nil else { throw ValidationError("--within-distance goes with --within FILE") }
        guard withinDistance.isFinite, withinDistance >= 0 else { throw ValidationError("--within-distance must be 0 or more metres") }
    }

    /// The area filter of `--within`, nil without it: inside any of the file's polygons, or
    /// near any of its features with `--within-distance`.
    func filter() throws -> FeatureFilter? {
        guard let path = within else { return nil }
        var polygons: [FeatureFilter] = []
        for feature in try CommandInput.read(path).features {
            switch feature.geometry {
            case let geometry? where withinDistance != nil:
                do { polygons.append(.inside(try geometry.buffered(metres: withinDistance!))) } catch {
                    let name = feature.id.map { "feature \($0)" } ?? "a feature"
                    throw CommandFailure("--within \(path): cannot grow \(name) by \(withinDistance!) m: \(error)")
                }
            case let geometry? where geometry.typeName == "Polygon" || geometry.typeName == "MultiPolygon":
                polygons.append(.inside(geometry))
            default: continue
            }
        }
        guard !polygons.isEmpty else {
            throw CommandFailure("--within \(path) holds no Polygon or MultiPolygon; give the area as polygons (or a --within-distance)")
        }
        return polygons.count == 1 ? polygons[0] : .any(polygons)
    }
}
