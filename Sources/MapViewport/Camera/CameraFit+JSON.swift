import MapGeoJSON

extension CameraFit {
    /// The camera as a front end sets it: `{"center":[lon,lat],"zoom":z,"bounds":[w,s,e,n]}`,
    /// `bounds` being what the whole viewport shows (what `mapctl extents` prints).
    public var json: JSONValue {
        let bounds = visibleBounds.boundingBox
        return [
            "center": [.number(camera.center.longitude), .number(camera.center.latitude)],
            "zoom": .number(camera.zoom),
            "bounds": [.number(bounds.west), .number(bounds.south), .number(bounds.east), .number(bounds.north)],
        ]
    }

    /// The visible area as a Feature with the camera (center, zoom, tile size) in its
    /// properties (what `mapctl extents --geojson` prints).
    public var feature: Feature {
        let properties: Properties = [
            "center": .array([.number(camera.center.longitude), .number(camera.center.latitude)]),
            "zoom": .number(camera.zoom),
            "tileSize": .number(Double(camera.tileSize)),
        ]
        return Feature(geometry: visibleBounds.geometry, properties: properties)
    }
}
