import MapGeometry
import MapGeoJSON

extension FeatureClusterIndex {
    /// The markers of a view with the view's legend as the foreign member `legend` (what the
    /// map service's `/clusters` answers and `mapctl cluster --with-legend` prints): one answer
    /// draws the markers and the legend panel of the same view. With `selected` (an input
    /// feature's number), the feature that shows it, the object itself or the cluster that
    /// holds it, gets `"selected": true`.
    public func view(zoom: Double, in box: BoundingBox = .world, selected: Int? = nil) -> FeatureCollection {
        var collection = features(zoom: zoom, in: box)
        if let selected, let at = position(showing: selected, zoom: zoom, in: box) {
            collection.features[at].properties.set("selected", .bool(true))
        }
        collection.foreignMembers.append(ForeignMember(name: "legend", value: Legend.json(legend(zoom: zoom, in: box))))
        return collection
    }

    /// The bytes of ``view(zoom:in:selected:)`` as compact GeoJSON, written the fast way when
    /// nothing is selected (see ``writeFeatures(zoom:in:legend:keepingEncodings:chunkSize:parallel:to:)``): what
    /// the map service answers and `mapctl cluster --with-legend` prints.
    /// `keepingEncodings` keeps each marker's bytes for the next views (see
    /// ``writeFeatures(zoom:in:legend:keepingEncodings:chunkSize:parallel:to:)``).
    public func viewBytes(
        zoom: Double, in box: BoundingBox = .world, selected: Int? = nil, keepingEncodings: Bool = false, parallel: Bool = false
    ) -> [UInt8] {
        if selected != nil { return GeoJSONWriter().encode(view(zoom: zoom, in: box, selected: selected)) }
        var bytes: [UInt8] = []
        writeFeatures(zoom: zoom, in: box, legend: true, keepingEncodings: keepingEncodings, chunkSize: Int.max, parallel: parallel) { chunk in
            if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
        }
        return bytes
    }

    /// Where in ``features(zoom:in:)`` the feature showing input feature `row` is: its marker
    /// (markers come first) or, for a line or polygon, its place after the markers.
    private func position(showing row: Int, zoom: Double, in box: BoundingBox) -> Int? {
        let markers = index.markers(in: box, zoom: zoom)
        if let holder = index.marker(holding: row, zoom: zoom) {
            return markers.firstIndex { $0.node == holder.node }
        }
        return passingShapes(in: box).firstIndex(of: row).map { markers.count + $0 }
    }
}
