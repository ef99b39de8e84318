import MapGeometry
import MapGeoJSON

/// Rules from a GeoJSON file, so limits and the geometries rules refer to travel together
/// and are read by the engine's own GeoJSON reader:
///
/// ```json
/// {"type": "FeatureCollection",
///  "rules": {"minimum_area_m2": 20, "maximum_area_m2": 50000, "minimum_length_m": 1,
///            "maximum_length_m": 5000, "maximum_vertex_count": 500, "minimum_vertex_distance_m": 0.5},
///  "features": [
///    {"type": "Feature", "properties": {"rule": "allowed_area"}, "geometry": {"type": "Polygon", ...}},
///    {"type": "Feature", "id": "FL-1000-20", "properties": {"rule": "must_not_overlap"}, "geometry": {...}}]}
/// ```
///
/// Every member of `rules` is optional; features carry `"rule": "allowed_area"` (at most one)
/// or `"rule": "must_not_overlap"` (named by their `id`, else `properties.name`, else their index).
extension EditRules {
    /// The keys of the `rules` member and what they set.
    static let limitKeys = [
        "minimum_area_m2", "maximum_area_m2", "minimum_length_m", "maximum_length_m",
        "maximum_vertex_count", "minimum_vertex_distance_m",
    ]

    /// Reads rules from a parsed GeoJSON document.
    public init(rulesDocument document: GeoJSONDocument) throws(EditRulesError) {
        self.init()
        guard case let .featureCollection(collection) = document.object else {
            throw EditRulesError("a rules file is a FeatureCollection with a \"rules\" member (and features for areas)")
        }
        if let member = collection.foreignMembers.first(where: { $0.name == "rules" }) {
            guard case let .object(limits) = member.value.value else {
                throw EditRulesError("\"rules\" must be an object with keys \(Self.limitKeys.joined(separator: ", "))")
            }
            for entry in limits {
                guard Self.limitKeys.contains(entry.key) else {
                    throw EditRulesError("unknown rule \"\(entry.key)\"; known rules: \(Self.limitKeys.joined(separator: ", "))")
                }
                guard let number = entry.value.numberValue, number.isFinite, number >= 0 else {
                    throw EditRulesError("rule \"\(entry.key)\" must be a number >= 0, found \(entry.value)")
                }
                switch entry.key {
                case "minimum_area_m2": minimumArea = number
                case "maximum_area_m2": maximumArea = number
                case "minimum_length_m": minimumLength = number
                case "maximum_length_m": maximumLength = number
                case "maximum_vertex_count":
                    guard number == number.rounded(), number <= Double(Int.max / 2) else {
                        throw EditRulesError("rule \"maximum_vertex_count\" must be a whole number, found \(number)")
                    }
                    maximumVertexCount = Int(number)
                default: minimumVertexDistance = number
                }
            }
        }
        for (index, feature) in collection.features.enumerated() {
            guard let geometry = feature.geometry else {
                throw EditRulesError("features[\(index)] has no geometry; a rule feature needs one")
            }
            switch feature.properties.string("rule") {
            case "allowed_area":
                guard allowedArea == nil else { throw EditRulesError("features[\(index)]: only one allowed_area feature may be given; merge them into a MultiPolygon") }
                guard GeometryRepairer.dimension(geometry) == 2 else {
                    throw EditRulesError("features[\(index)]: an allowed_area must be a Polygon or MultiPolygon, found \(geometry.typeName)")
                }
                allowedArea = geometry
            case "must_not_overlap":
                let name = feature.id?.description ?? feature.properties.string("name") ?? "feature \(index)"
                mustNotOverlap.append(ExistingGeometry(id: name, geometry: geometry))
            case let other:
                throw EditRulesError("features[\(index)]: properties.rule must be \"allowed_area\" or \"must_not_overlap\", found \(other.map { "\"\($0)\"" } ?? "none")")
            }
        }
    }
}

/// A rules file that cannot be used, and why.
public struct EditRulesError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
