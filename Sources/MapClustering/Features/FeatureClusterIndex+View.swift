import MapGeometry

extension FeatureClusterIndex {
    /// The markers of a view with the view's legend as the foreign member `legend` (what the
    /// map service's `/clusters` answers and `mapctl cluster --with-legend` prints): one answer
    /// draws the markers and the legend panel of the same view.
    public func view(zoom: Double, in box: BoundingBox = .world) -> FeatureCollection {
        var collection = features(zoom: zoom, in: box)
        collection.foreignMembers.append(ForeignMember(name: "legend", value: Legend.json(legend(zoom: zoom, in: box))))
        return collection
    }
}
