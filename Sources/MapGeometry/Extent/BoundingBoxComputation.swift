extension Geometry {
    /// The geometry's smallest bounding box (crossing ±180 when narrower), nil when empty.
    /// Segments count as straight in longitude/latitude, as RFC 7946 reads them, so the
    /// box is the one ``DataExtent`` and the camera fit use.
    public var boundingBox: BoundingBox? {
        var extent = DataExtent()
        extent.add(self)
        return extent.bounds
    }
}
