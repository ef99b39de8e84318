import MapGeometry
import MapGeoJSON
import MapViewport
import MapQuery

/// Clustering of a GeoJSON FeatureCollection: markers per zoom as GeoJSON features with
/// supercluster's property names (`cluster`, `cluster_id`, `point_count`,
/// `point_count_abbreviated`) plus `types`, `colocated`, `expansion_zoom` and simplestyle
/// colours (`marker-color`; `stroke`/`fill` for lines and polygons).
///
/// Point features are clustered; lines and polygons pass through viewport results, or join
/// the clustering at their point on surface (``FeatureClusterOptions/clusterShapes``).
/// Features without geometry, and those the options' filter rejects, are left out. Immutable and `Sendable` once built.
public struct FeatureClusterIndex: Sendable {
    /// Everything the index holds, behind one reference: a service copies the index into each
    /// answer, and a copy of a dozen arrays and dictionaries costs a retain and a release each
    /// (2 % of the service's CPU under `Benchmarks/service/run.sh`).
    private let parts: Parts

    private final class Parts: Sendable {
        let options: FeatureClusterOptions
        let index: ClusterIndex
        let features: [Feature]
        let sourceMembers: [ForeignMember]
        let passThrough: [(feature: Int, box: BoundingBox)]
        let styles: [String: ClusterStyle.TypeStyle]
        let allTypes: [String]
        let encodedMarkers: EncodedMarkerCache
        /// Each type's colour as a JSON string, for the output (encoding them per view was 3 % of a
        /// service's cluster answer).
        let encodedColors: [String: [UInt8]]

        init(
            options: FeatureClusterOptions, index: ClusterIndex, features: [Feature], sourceMembers: [ForeignMember],
            passThrough: [(feature: Int, box: BoundingBox)], allTypes: [String]
        ) {
            self.options = options
            self.index = index
            self.features = features
            self.sourceMembers = sourceMembers
            self.passThrough = passThrough
            self.allTypes = allTypes
            styles = options.style.resolved(for: allTypes)
            encodedMarkers = EncodedMarkerCache(count: index.table.nodeCount)
            // The resolved styles name every type: each one's colour, encoded.
            encodedColors = styles.mapValues { JSONOutput.string($0.color) }
        }
    }

    public var options: FeatureClusterOptions { parts.options }
    /// The clustering of the point features (original index = feature index).
    public var index: ClusterIndex { parts.index }
    var features: [Feature] { parts.features }
    /// The input collection's foreign members (attribution, licence), kept on every answer.
    public var sourceMembers: [ForeignMember] { parts.sourceMembers }
    /// Features shown as they are in every viewport: index and bounding box.
    private var passThrough: [(feature: Int, box: BoundingBox)] { parts.passThrough }
    private var styles: [String: ClusterStyle.TypeStyle] { parts.styles }
    var allTypes: [String] { parts.allTypes }
    /// Encoded markers kept by ``writeFeatures(zoom:in:legend:keepingEncodings:chunkSize:parallel:to:)``.
    var encodedMarkers: EncodedMarkerCache { parts.encodedMarkers }
    var encodedColors: [String: [UInt8]] { parts.encodedColors }

    /// Clusters `collection` (with `parallel`, using two threads where that helps; same result).
    /// - Throws: ``ClusterError`` for bad options or a feature that cannot be placed.
    public init(
        _ collection: FeatureCollection, options: FeatureClusterOptions = FeatureClusterOptions(), parallel: Bool = false
    ) throws(ClusterError) {
        // Single objects are shown as they are, with the top-level id a client keys them by.
        let features = collection.features.carryingObjectIDs
        var input = ClusterInput(measureNames: options.measures)
        input.reserveCapacity(features.count)
        var passThrough: [(Int, BoundingBox)] = []
        var groups: [JSONValue?: UInt32] = [:]
        var types = Set<String>()

        let matcher: FeatureMatcher?
        do { matcher = options.filter == .everything ? nil : try options.filter.matcher() } catch {
            throw .invalidOption("filter: \(error)")
        }
        for (index, feature) in features.enumerated() {
            guard let geometry = feature.geometry else { continue }
            let type = feature.typeProperty ?? ""
            // Every type gets its palette colour, filtered or not: a layer keeps its colour
            // when others are switched off.
            types.insert(type)
            if let matcher, !matcher.matches(feature) { continue }
            let position: Position?
            if case .point(let point) = geometry {
                position = point
            } else if options.clusterShapes {
                position = try Self.representativePoint(of: geometry, feature: index)
            } else {
                position = nil
            }
            guard let position else {
                if let box = geometry.boundingBox { passThrough.append((index, box)) }
                continue
            }
            var group: UInt32 = 0
            if case .property(let key) = options.grouping {
                let value = feature.properties.value(key)
                if let known = groups[value] {
                    group = known
                } else {
                    group = UInt32(groups.count)
                    groups[value] = group
                }
            }
            let values = options.measures.map { feature.properties.number($0) ?? .nan }
            do {
                try input.append(position, type: type, group: group, originalIndex: index, measures: values)
            } catch {
                // Report the feature's index, not the position among the points.
                if case .invalidPoint(_, let reason) = error { throw .invalidPoint(index: index, reason: reason) }
                throw error
            }
        }
        input.objectCount = features.count
        parts = Parts(
            options: options, index: try ClusterIndex(points: input, options: options.cluster, parallel: parallel),
            features: features, sourceMembers: collection.foreignMembers, passThrough: passThrough, allTypes: types.sorted())
    }

    /// The point a line or polygon takes part in clustering at: GEOS's point on surface
    /// (on the line or inside the polygon), falling back to the first position.
    static func representativePoint(of geometry: Geometry, feature: Int) throws(ClusterError) -> Position? {
        if let point = try? geometry.pointOnSurface() { return point }
        var first: Position?
        geometry.forEachPosition { if first == nil { first = $0 } }
        return first
    }

    // MARK: Queries

    /// The features to draw at `zoom` inside `box`: markers (clusters and single objects) first,
    /// in index order, then the lines and polygons whose bounding box meets `box`, in input order.
    public func features(zoom: Double, in box: BoundingBox = .world) -> FeatureCollection {
        let markers = index.markers(in: box, zoom: zoom)
        var result = markers.map(feature(for:))
        result.append(contentsOf: passingShapes(in: box).map(styledShape))
        return FeatureCollection(features: result, foreignMembers: sourceMembers)
    }

    /// The features of tile `z/x/y` with a buffer in pixels (default: the radius); markers only
    /// carry their longitude/latitude, as ``features(zoom:in:)``.
    public func tileFeatures(z: Int, x: Int, y: Int, buffer: Double? = nil) throws(ClusterError) -> FeatureCollection {
        let tile = try index.tile(z: z, x: x, y: y, buffer: buffer)
        var result = tile.map { feature(for: $0.marker) }
        if let bounds = try? Tile(x: x, y: y, z: z).bounds {
            result.append(contentsOf: passingShapes(in: bounds).map(styledShape))
        }
        return FeatureCollection(features: result, foreignMembers: sourceMembers)
    }

    /// The legend of what ``features(zoom:in:)`` shows: one entry per type present, and the
    /// neutral colour's entry when a cluster of several types is visible.
    public func legend(zoom: Double, in box: BoundingBox = .world) -> [LegendEntry] {
        legend(of: index.markers(in: box, zoom: zoom), in: box)
    }

    /// The legend of `markers` (a view's) and the shapes passing `box`.
    func legend(of markers: [Marker], in box: BoundingBox) -> [LegendEntry] {
        let names = index.typeNames
        var perType = [Int](repeating: 0, count: names.count)
        var mixed = 0
        for marker in markers {
            let (types, objects) = index.addTypeCounts(of: marker, to: &perType)
            if types > 1 { mixed += objects }
        }
        var counts: [String: Int] = [:]
        for (type, count) in zip(names, perType) where count > 0 { counts[type, default: 0] += count }
        for shape in passingShapes(in: box) { counts[features[shape].typeProperty ?? "", default: 0] += 1 }
        return Legend.entries(counts: counts, style: options.style, resolved: styles, allTypes: allTypes, mixedCount: mixed)
    }

    /// The original features of a cluster, paged in a stable order.
    public func members(of id: Int, limit: Int = 10, offset: Int = 0) throws(ClusterError) -> [Feature] {
        try index.members(of: id, limit: limit, offset: offset).map { features[$0] }
    }

    /// One page of cluster `id`'s member features with `total`, `offset`, `page` and `pages`
    /// as foreign members (pages of `limit` from 1), so that a list panel can say "21–40 of 312".
    /// A page past the end is empty.
    public func memberPage(of id: Int, limit: Int = 10, offset: Int = 0) throws(ClusterError) -> FeatureCollection {
        let members = try members(of: id, limit: limit, offset: offset)
        let total = try index.memberCount(of: id)
        let pages = limit == 0 ? 0 : total / limit + (total % limit == 0 ? 0 : 1)
        let paging: [(String, Int)] = [("total", total), ("offset", offset), ("page", limit == 0 ? 1 : offset / limit + 1), ("pages", pages)]
        return FeatureCollection(
            features: members,
            foreignMembers: paging.map { ForeignMember(name: $0.0, value: .number(Double($0.1))) }).inheriting(sourceMembers)
    }

    /// `{"cluster_id": id, "expansion_zoom": z}`: the zoom at which cluster `id` splits, null
    /// for objects at one position that never split (what `mapctl cluster --expansion-zoom` prints).
    public func expansionZoomJSON(of id: Int) throws(ClusterError) -> JSONValue {
        let zoom = try index.expansionZoom(of: id)
        return ["cluster_id": .number(Double(id)), "expansion_zoom": zoom.map { .number(Double($0)) } ?? .null]
    }

    /// The markers one zoom below the cluster that make it up, as features.
    public func children(of id: Int) throws(ClusterError) -> FeatureCollection {
        FeatureCollection(features: try index.children(of: id).map(feature(for:)), foreignMembers: sourceMembers)
    }

    public func expansionZoom(of id: Int) throws(ClusterError) -> Int? {
        try index.expansionZoom(of: id)
    }

    /// The style of a type (explicit or from the default palette).
    public func style(for type: String) -> ClusterStyle.TypeStyle {
        styles[type] ?? options.style.style(for: type, among: allTypes)
    }

    /// The colour of a marker: its type's when all its objects share one, else the neutral colour.
    public func color(of marker: Marker) -> String {
        index.soleType(of: marker).map { style(for: $0).color } ?? options.style.neutralColor
    }

    // MARK: Output features

    /// A marker as a GeoJSON feature (a single object: its own feature plus `marker-color`).
    public func feature(for marker: Marker) -> Feature {
        guard marker.isCluster else {
            return styled(features[marker.id])
        }
        let count = marker.count
        var properties: [(String, JSONValue)] = [
            ("cluster", true),
            ("cluster_id", .number(Double(marker.id))),
            ("point_count", .number(Double(count))),
            ("point_count_abbreviated", Self.abbreviated(count)),
            ("types", .object(JSONObject(index.typeBreakdown(of: marker).map { ($0.type, .number(Double($0.count))) }))),
            ("colocated", .bool(marker.kind == .colocated)),
            ("expansion_zoom", (try? index.expansionZoom(of: marker.id)).flatMap { $0 }.map { .number(Double($0)) } ?? .null),
            ("marker-color", .string(color(of: marker))),
        ]
        for measure in index.measures(of: marker) {
            let hasValues = measure.valueCount > 0
            properties.append(("\(measure.name)_sum", hasValues ? .number(measure.sum) : .null))
            properties.append(("\(measure.name)_min", hasValues ? .number(measure.minimum) : .null))
            properties.append(("\(measure.name)_max", hasValues ? .number(measure.maximum) : .null))
            properties.append(("\(measure.name)_mean", hasValues ? .number(measure.mean) : .null))
        }
        return Feature(
            id: FeatureIdentifier(marker.id),
            geometry: .point(Position(uncheckedLongitude: marker.longitude, latitude: marker.latitude)),
            properties: Properties(properties))
    }

    /// supercluster's `point_count_abbreviated`: 999, 1.2k, 12k.
    static func abbreviated(_ count: Int) -> JSONValue {
        if count >= 10_000 { return .string("\(Int((Double(count) / 1000).rounded()))k") }
        if count >= 1000 {
            let tenths = Int((Double(count) / 100).rounded())
            return .string(tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k")
        }
        return .number(Double(count))
    }

    func passingShapes(in box: BoundingBox) -> [Int] {
        passThrough.filter { $0.box.intersects(box) }.map(\.feature)
    }

    private func styledShape(_ feature: Int) -> Feature { styled(features[feature]) }

    /// The feature with its type colour under the simplestyle name its geometry uses.
    private func styled(_ feature: Feature) -> Feature {
        ClusterStyle.styled(feature, color: style(for: feature.typeProperty ?? "").color)
    }
}
