import MapGeometry
import MapGeoJSON

/// Markers from per-cell counts (grid clustering): each cell holding several objects is one
/// cluster at their mean position, a cell holding one object shows the object itself. It
/// speaks ``FeatureClusterIndex``'s vocabulary (`cluster_id`, `point_count`, `types`,
/// `expansion_zoom`, `marker-color`, the legend), so a map screen draws both alike. It serves a
/// table too large to cluster in memory: a database sums the counts, nothing else is read.
public struct GridClusters: Sendable {
    public let style: ClusterStyle
    /// Every type of the dataset (the palette assigns colours in this order).
    public let allTypes: [String]
    /// Levels between a zoom and its cells' level: 3 for cells of 32 pixels on 256-pixel tiles.
    public let levelOffset: Int

    public init(style: ClusterStyle, allTypes: [String], levelOffset: Int = 3) {
        self.style = style
        self.allTypes = allTypes
        self.levelOffset = levelOffset
    }

    /// The cell level of a zoom (fractional zooms use their whole part).
    public func level(zoom: Double) -> Int { min(GridCell.maxLevel, max(0, Int(zoom.rounded(.down)) + levelOffset)) }

    /// The zoom whose markers are cells of `level`.
    public func zoom(level: Int) -> Int { level - levelOffset }

    /// The markers of `counts` with the view's legend as the foreign member `legend`: clusters
    /// and single objects in cell order. `single` gives the object of a cell that holds one;
    /// the marker of cell `selected` gets `"selected": true`; every object shows its top-level
    /// id (``Feature/carryingObjectID``), as ``FeatureClusterIndex``'s do. Without `legend`, only the markers
    /// (a cluster's children, a tile).
    public func view(_ counts: [GridCellCount], single: [GridCell: Feature], selected: GridCell? = nil, legend: Bool = true,
                     foreignMembers: [ForeignMember] = []) -> FeatureCollection {
        let cells = Dictionary(grouping: counts.filter { $0.count > 0 }, by: \.cell)
        var features: [Feature] = []
        var perType: [String: Int] = [:]
        var mixed = 0
        for cell in cells.keys.sorted() {
            let parts = cells[cell]!
            let total = parts.reduce(0) { $0 + $1.count }
            for part in parts { perType[part.type, default: 0] += part.count }
            if parts.count > 1 { mixed += total }
            var marker: Feature
            if total == 1, let object = single[cell] { marker = styled(object.carryingObjectID) } else { marker = cluster(cell, parts, total: total) }
            if cell == selected { marker.properties.set("selected", .bool(true)) }
            features.append(marker)
        }
        var members = foreignMembers
        if legend {
            let entries = Legend.entries(counts: perType, style: style, allTypes: allTypes, mixedCount: mixed)
            members.append(ForeignMember(name: "legend", value: Legend.json(entries)))
        }
        return FeatureCollection(features: features, foreignMembers: members)
    }

    /// A cell's objects as one cluster marker.
    private func cluster(_ cell: GridCell, _ parts: [GridCellCount], total: Int) -> Feature {
        let longitude = parts.reduce(0) { $0 + $1.longitudeSum } / Double(total)
        let latitude = parts.reduce(0) { $0 + $1.latitudeSum } / Double(total)
        // One position only if every type's objects lie at one, the same for all types.
        let colocated = parts.allSatisfy { $0.colocated == true }
            && parts.allSatisfy { abs($0.longitudeSum / Double($0.count) - longitude) < 1e-9 && abs($0.latitudeSum / Double($0.count) - latitude) < 1e-9 }
        let types = parts.sorted { $0.type < $1.type }.map { ($0.type, JSONValue.number(Double($0.count))) }
        let color = parts.count == 1 ? style(for: parts[0].type).color : style.neutralColor
        let properties: [(String, JSONValue)] = [
            ("cluster", true),
            ("cluster_id", .number(Double(cell.id))),
            ("point_count", .number(Double(total))),
            ("point_count_abbreviated", FeatureClusterIndex.abbreviated(total)),
            ("types", .object(JSONObject(types))),
            ("colocated", .bool(colocated)),
            ("expansion_zoom", colocated ? .null : .number(Double(zoom(level: cell.level) + 1))),
            ("marker-color", .string(color)),
        ]
        return Feature(
            id: FeatureIdentifier(cell.id),
            geometry: .point(Position(uncheckedLongitude: longitude, latitude: latitude)),
            properties: Properties(properties))
    }

    /// The style of a type (explicit or from the palette).
    public func style(for type: String) -> ClusterStyle.TypeStyle { style.style(for: type, among: allTypes) }

    /// The object with its type colour, as ``FeatureClusterIndex`` draws a single object.
    public func styled(_ feature: Feature) -> Feature {
        ClusterStyle.styled(feature, color: style(for: feature.typeProperty ?? "").color)
    }
}
