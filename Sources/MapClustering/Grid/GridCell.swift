import MapGeometry
import MapViewport

/// A cell of a square grid over the Web Mercator map: the tile of level `level` (cells of
/// 32 pixels at zoom `level - 3` of 256-pixel tiles). Grid clustering counts objects per cell,
/// so a cell's count can be kept in a database table and summed into coarser cells.
public struct GridCell: Hashable, Sendable, Comparable {
    public let level: Int
    public let x: Int
    public let y: Int

    /// The finest level: its ids stay below 2⁵³, so a JavaScript client reads them exactly.
    public static let maxLevel = 26

    public init(level: Int, x: Int, y: Int) {
        self.level = level
        self.x = x
        self.y = y
    }

    /// The cell a cluster id names (see ``id``), nil for a number that names none.
    public init?(id: Int) {
        guard id >= 0 else { return nil }
        var level = 0, first = 0
        while level <= Self.maxLevel {
            let count = 1 << (2 * level)
            if id < first + count {
                let offset = id - first
                self.init(level: level, x: offset % (1 << level), y: offset / (1 << level))
                return
            }
            first += count
            level += 1
        }
        return nil
    }

    /// A number for the cell, unique over all levels: the cells of coarser levels come first
    /// (level 0's one cell is 0, level 1's are 1–4, …), then row by row.
    public var id: Int { ((1 << (2 * level)) - 1) / 3 + (y << level) + x }

    /// The longitude/latitude box the cell covers.
    public var bounds: BoundingBox { (try? Tile(x: x, y: y, z: level))?.bounds ?? .world }

    /// The latitude `cells` rows of `level` north (positive) or south of `latitude`, clamped to
    /// the Web Mercator square.
    public static func latitude(of latitude: Double, plusCells cells: Int, level: Int) -> Double {
        let y = WebMercator.worldY(latitude: latitude) - Double(cells) / Double(1 << level)
        return WebMercator.latitude(worldY: min(1, max(0, y)))
    }

    /// The same place one level coarser (`levels` coarser).
    public func parent(_ levels: Int = 1) -> GridCell { GridCell(level: level - levels, x: x >> levels, y: y >> levels) }

    /// The cells of `level` that meet `box`, as column and row ranges: one range pair, or two
    /// for a box across the antimeridian (west > east).
    public static func ranges(level: Int, meeting box: BoundingBox) -> [(x: ClosedRange<Int>, y: ClosedRange<Int>)] {
        let count = 1 << level
        let column = { (longitude: Double) in min(count - 1, max(0, Int((WebMercator.worldX(longitude: longitude) * Double(count)).rounded(.down)))) }
        let north = min(count - 1, max(0, Int((WebMercator.worldY(latitude: box.north) * Double(count)).rounded(.down))))
        let south = min(count - 1, max(0, Int((WebMercator.worldY(latitude: box.south) * Double(count)).rounded(.down))))
        let rows = north...south
        if box.west > box.east { return [(column(box.west)...(count - 1), rows), (0...column(box.east), rows)] }
        return [(column(box.west)...column(box.east), rows)]
    }

    public static func < (a: GridCell, b: GridCell) -> Bool { (a.level, a.y, a.x) < (b.level, b.y, b.x) }
}

/// The objects of one type in one cell, as a database keeps them: how many, and the sums of
/// their anchor longitudes and latitudes (whose mean places the cluster).
public struct GridCellCount: Hashable, Sendable {
    public var cell: GridCell
    public var type: String
    public var count: Int
    public var longitudeSum: Double
    public var latitudeSum: Double
    /// Whether all of them lie at one position (nil: not known).
    public var colocated: Bool?

    public init(cell: GridCell, type: String, count: Int, longitudeSum: Double, latitudeSum: Double, colocated: Bool? = nil) {
        self.cell = cell
        self.type = type
        self.count = count
        self.longitudeSum = longitudeSum
        self.latitudeSum = latitudeSum
        self.colocated = colocated
    }
}
