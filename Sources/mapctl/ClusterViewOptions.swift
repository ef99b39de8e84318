import ArgumentParser
import MapGeometry

/// What `mapctl cluster` shows: a zoom and a box (`--zoom`, `--bbox`), or one tile (`--tile`).
struct ClusterViewOptions: ParsableArguments {
    @Option(help: "Zoom level of the view (fractions allowed; the integer part picks the clustering).")
    var zoom: Double?

    @Option(help: "View box as west,south,east,north in degrees; west > east crosses the antimeridian.")
    var bbox: String?

    @Option(help: "A tile z/x/y (with a buffer of --radius pixels) instead of --zoom/--bbox.")
    var tile: String?

    func validate() throws {
        if tile != nil && (zoom != nil || bbox != nil) { throw ValidationError("--tile replaces --zoom and --bbox; give one or the other") }
        if let zoom, !zoom.isFinite || zoom < 0 || zoom > 30 { throw ValidationError("--zoom must be between 0 and 30, got \(zoom)") }
        _ = try box()
        _ = try parsedTile()
    }

    /// `--bbox`, or the whole world.
    func box() throws -> BoundingBox {
        try bbox.map { try MapArgument.box($0, option: "--bbox") } ?? .world
    }

    /// `--tile` as z, x, y.
    func parsedTile() throws -> (z: Int, x: Int, y: Int)? {
        try tile.map { try MapArgument.tile($0, option: "--tile") }
    }

    /// The zoom whose clustering the view shows (a tile's or the integer part of `--zoom`).
    func clusteringZoom() throws -> Int? {
        try parsedTile()?.z ?? zoom.map { Int($0.rounded(.down)) }
    }
}
