import MapGeometry

/// The inputs of the geometry benchmarks. `baselines/inputs.h` holds the same numbers
/// for the C programs, so the Swift and C figures measure the same work.
public enum BenchmarkInputs {
    /// OSM building way/15243643, central Helsinki: a 14-vertex polygon (13 corners + closing),
    /// © OpenStreetMap contributors (ODbL), from ../shared/data/real/helsinki/objects.geojson.
    public static let buildingRing: [(longitude: Double, latitude: Double)] = [
        (24.936753, 60.1677867), (24.9373934, 60.1680093), (24.9373821, 60.1680173),
        (24.9371736, 60.1681658), (24.9370872, 60.1682273), (24.9368868, 60.1681577),
        (24.9368625, 60.1681492), (24.9370187, 60.1680381), (24.9368711, 60.1679867),
        (24.9367149, 60.1680979), (24.9365786, 60.1680505), (24.936733, 60.1679406),
        (24.9366013, 60.1678947), (24.936753, 60.1677867),
    ]

    /// OSM road way/14601899/0 (Aleksanterinkatu, Helsinki): a 10-vertex line,
    /// © OpenStreetMap contributors (ODbL), from ../shared/data/real/helsinki/roads.geojson.
    public static let streetLine: [(longitude: Double, latitude: Double)] = [
        (24.9408376, 60.1684813), (24.940999, 60.1685469), (24.941041, 60.1685641),
        (24.9414827, 60.1687283), (24.941556, 60.1687535), (24.9416356, 60.168777),
        (24.9417101, 60.1687919), (24.9417903, 60.1688028), (24.9418696, 60.1688075),
        (24.9429026, 60.1688352),
    ]

    /// Number of points in the bulk transform benchmark.
    public static let transformPointCount = 1_000_000

    /// Point `index` of the bulk transform input: a 1000 × 1000 grid over Europe,
    /// longitude −10…30, latitude 35…70 (the formula of `baselines/inputs.h`).
    @inlinable
    public static func transformPoint(_ index: Int) -> (longitude: Double, latitude: Double) {
        let column = Double(index % 1000), row = Double(index / 1000)
        return (-10.0 + 40.0 * column / 1000.0, 35.0 + 35.0 * row / 1000.0)
    }

    /// The building as a polygon value.
    public static func buildingPolygon() -> Polygon {
        // The numbers above are valid WGS84 degrees and the ring is closed, so this cannot throw.
        try! Polygon([buildingRing.map { try! Position($0.longitude, $0.latitude) }])
    }

    /// The street as a line value.
    public static func street() -> LineString {
        try! LineString(streetLine.map { try! Position($0.longitude, $0.latitude) })
    }
}
