import Foundation
import MapGeometry

/// A uniform grid over the straight pieces of every road segment, for finding the road
/// nearest to a position without scanning them all.
///
/// Coordinates are degrees with longitude scaled by the cosine of the network's mean
/// latitude (a local equirectangular plane), which keeps cells square on the ground and is
/// accurate to well under a percent across a city or a small country. Cells are stored as
/// CSR lists of piece numbers; a piece is listed in every cell its bounding box touches.
struct SegmentGridIndex: Sendable {
    let longitudeScale: Double
    let originX: Double, originY: Double
    let cellSize: Double
    let columns: Int, rows: Int
    let cellStart: [Int32]
    let cellPieces: [Int32]
    /// For each piece: the shape index of its first position (the second is the next one).
    let pieceShapeIndex: [Int32]
    let pieceSegment: [Int32]

    init(_ graph: RoadGraph) {
        var pieceShapeIndex = [Int32](), pieceSegment = [Int32]()
        for segment in 0..<graph.segmentCount {
            for shape in Int(graph.segmentShapeStart[segment])..<Int(graph.segmentShapeStart[segment + 1] - 1) {
                pieceShapeIndex.append(Int32(shape))
                pieceSegment.append(Int32(segment))
            }
        }
        self.pieceShapeIndex = pieceShapeIndex
        self.pieceSegment = pieceSegment

        let latitudes = graph.shapeLatitudes, longitudes = graph.shapeLongitudes
        let meanLatitude = latitudes.isEmpty ? 0 : latitudes.reduce(0, +) / Double(latitudes.count)
        let scale = max(cos(meanLatitude * .pi / 180), 0.01)
        let xs = longitudes.map { $0 * scale }
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0
        let minY = latitudes.min() ?? 0, maxY = latitudes.max() ?? 0
        // Cells a few pieces long, so a dense town centre holds few pieces per cell (sizing by
        // the average density instead would put hundreds in a city cell of a mostly empty
        // country); never more than about two million cells.
        let area = max((maxX - minX) * (maxY - minY), 1e-12)
        var totalPieceLength = 0.0
        for piece in pieceShapeIndex.indices {
            let a = Int(pieceShapeIndex[piece])
            totalPieceLength += max(abs(xs[a + 1] - xs[a]), abs(latitudes[a + 1] - latitudes[a]))
        }
        let meanPieceLength = totalPieceLength / Double(max(pieceShapeIndex.count, 1))
        let size = max(3 * meanPieceLength, sqrt(area / 2_000_000), 1e-7)
        let columnCount = Int((maxX - minX) / size) + 1
        let rowCount = Int((maxY - minY) / size) + 1

        var counts = [Int32](repeating: 0, count: columnCount * rowCount + 1)
        func cells(ofPiece piece: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
            let a = Int(pieceShapeIndex[piece])
            let ax = xs[a], bx = xs[a + 1], ay = latitudes[a], by = latitudes[a + 1]
            return (
                Int((min(ax, bx) - minX) / size), Int((max(ax, bx) - minX) / size),
                Int((min(ay, by) - minY) / size), Int((max(ay, by) - minY) / size)
            )
        }
        for piece in 0..<pieceShapeIndex.count {
            let box = cells(ofPiece: piece)
            for y in box.y0...box.y1 { for x in box.x0...box.x1 { counts[y * columnCount + x + 1] += 1 } }
        }
        for cell in 0..<(columnCount * rowCount) { counts[cell + 1] += counts[cell] }
        var fill = counts
        var cellPieces = [Int32](repeating: 0, count: Int(counts[columnCount * rowCount]))
        for piece in 0..<pieceShapeIndex.count {
            let box = cells(ofPiece: piece)
            for y in box.y0...box.y1 {
                for x in box.x0...box.x1 {
                    cellPieces[Int(fill[y * columnCount + x])] = Int32(piece)
                    fill[y * columnCount + x] += 1
                }
            }
        }
        longitudeScale = scale
        originX = minX
        originY = minY
        cellSize = size
        columns = columnCount
        rows = rowCount
        cellStart = counts
        self.cellPieces = cellPieces
    }

    /// The nearest point of a piece: the piece, the fraction along it (0...1), and the
    /// squared distance in index units.
    struct Nearest {
        var piece: Int32
        var fraction: Double
        var squaredDistance: Double
    }

    /// The piece nearest to a position among those `isUsable` accepts, or nil when none is.
    /// Searches rings of cells outwards and stops once no unseen cell can hold anything nearer.
    func nearest(
        to position: Position, in graph: RoadGraph, isUsable: (Int32) -> Bool = { _ in true }
    ) -> Nearest? {
        guard !pieceShapeIndex.isEmpty else { return nil }
        let qx = position.longitude * longitudeScale, qy = position.latitude
        let cx = Int(((qx - originX) / cellSize).rounded(.down))
        let cy = Int(((qy - originY) / cellSize).rounded(.down))
        // Rings nearer than the grid's edge hold nothing; rings past its far corner neither.
        let firstRing = max(0, -cx, cx - (columns - 1), -cy, cy - (rows - 1))
        let lastRing = max(abs(cx), abs(cx - (columns - 1)), abs(cy), abs(cy - (rows - 1)))
        var best: Nearest?
        for ring in firstRing...lastRing {
            if let best, best.squaredDistance <= square(Double(ring - 1) * cellSize) { break }
            forEachCell(inRing: ring, aroundX: cx, y: cy) { cell in
                for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                    let piece = cellPieces[slot]
                    let candidate = distance(from: qx, qy, toPiece: piece, in: graph)
                    if candidate.squaredDistance < (best?.squaredDistance ?? .infinity)
                        || (candidate.squaredDistance == best?.squaredDistance && piece < best!.piece)
                    {
                        if isUsable(pieceSegment[Int(piece)]) { best = candidate }
                    }
                }
            }
        }
        return best
    }

    private func square(_ value: Double) -> Double { value < 0 ? 0 : value * value }

    private func forEachCell(inRing ring: Int, aroundX cx: Int, y cy: Int, _ body: (Int) -> Void) {
        func visit(_ x: Int, _ y: Int) {
            if x >= 0, x < columns, y >= 0, y < rows { body(y * columns + x) }
        }
        if ring == 0 { visit(cx, cy); return }
        for x in (cx - ring)...(cx + ring) {
            visit(x, cy - ring)
            visit(x, cy + ring)
        }
        for y in (cy - ring + 1)...(cy + ring - 1) {
            visit(cx - ring, y)
            visit(cx + ring, y)
        }
    }

    private func distance(from qx: Double, _ qy: Double, toPiece piece: Int32, in graph: RoadGraph) -> Nearest {
        let a = Int(pieceShapeIndex[Int(piece)])
        let ax = graph.shapeLongitudes[a] * longitudeScale, ay = graph.shapeLatitudes[a]
        let bx = graph.shapeLongitudes[a + 1] * longitudeScale, by = graph.shapeLatitudes[a + 1]
        let dx = bx - ax, dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((qx - ax) * dx + (qy - ay) * dy) / lengthSquared : 0
        t = min(max(t, 0), 1)
        let px = ax + t * dx - qx, py = ay + t * dy - qy
        return Nearest(piece: piece, fraction: t, squaredDistance: px * px + py * py)
    }
}
