import Foundation

/// Which radius queries can be skipped without changing the result.
///
/// Most of the work of supercluster's algorithm is one radius query per marker per zoom, and at
/// high zooms nearly every query finds nothing. A point whose nearest other point is far away
/// provably finds nothing while it is still a marker of its own: any marker within `r` of it
/// (a point or a cluster) has a member within `3r` of it, because a cluster made at zoom `z + 1`
/// or higher lies within `2r` (`r` = radius at zoom `z`) of all its members (the radius halves per
/// zoom, so the sum of twice the radii above is below `2r`). So a point whose nearest other point
/// is farther than `3r + margin` is skipped at that zoom; the result (and the order of every
/// list) is exactly what the full query gives, since the skipped query would have returned the
/// point alone. The margin covers `Float` rounding of tree coordinates (at most `4.3e-8` per
/// cluster centre, accumulated over at most 31 levels).
enum QuietZooms {
    /// World units added to `3r` for rounding (see above).
    static let margin = 6e-6
    /// How many zooms below `maxZoom` the skipping applies (measured: going deeper gains nothing
    /// on 1M uniform or real-place points, since at low zooms most points have neighbours).
    static let depth = 6

    /// How many zooms below `maxZoom` the grid search covers: with the grid, a skipped point is
    /// left out of the zoom's grid altogether, so skipping pays down to where most points have
    /// neighbours (measured on 1M points spread over the world: 8 beats 7 and 9).
    static let gridDepth = 8
    /// Most items the grid search measures for one point before it gives up (the point is then
    /// simply never skipped, which is always correct).
    static let gridBudget = 96

    /// The same answer as ``compute(table:entries:options:parallel:)`` where that gives one, from
    /// a grid instead of a KD-tree; points in crowded cells are never skipped.
    static func computeWithGrid(table: ClusterTable, entries: [UInt32], options: ClusterOptions, grid: inout NeighbourGrid) -> [UInt8] {
        let lowest = max(options.minZoom, options.maxZoom - gridDepth)
        var quiet = [UInt8](repeating: .max, count: table.pointCount)
        let searchRadius = 3 * options.worldRadius(zoom: lowest) + margin
        // Nearer than this, a point is never quiet: no need to know how near.
        let enough = 3 * options.worldRadius(zoom: options.maxZoom) + margin
        let ids = (0..<entries.count).map { UInt32($0) }
        let nearest = grid.nearestDistances(
            ids: ids, idLimit: entries.count, radius: searchRadius, enough: enough, budget: gridBudget
        ) { table.world(Int(entries[$0])) }
        for i in entries.indices {
            let node = Int(entries[i])
            guard node < table.pointCount else { continue }  // colocated groups are always queried
            var zoom = options.maxZoom
            var from = Int(UInt8.max)
            while zoom >= lowest && 3 * options.worldRadius(zoom: zoom) + margin < nearest[i] {
                from = zoom
                zoom -= 1
            }
            quiet[node] = UInt8(from)
        }
        return quiet
    }

    /// Per point, the lowest zoom from which its query may be skipped (`UInt8.max`: never).
    static func compute(table: ClusterTable, entries: [UInt32], options: ClusterOptions, parallel: Bool) -> [UInt8] {
        let lowest = max(options.minZoom, options.maxZoom - depth)
        var quiet = [UInt8](repeating: .max, count: table.pointCount)
        let searchRadius = 3 * options.worldRadius(zoom: lowest) + margin
        let tree = KDTree(count: entries.count, nodeSize: options.nodeSize, parallel: parallel) {
            table.treeCoordinate(Int(entries[$0]))
        }
        // Each entry's answer depends only on the tree, so halves can run on two threads.
        let chunks = parallel && entries.count > 50_000 ? 2 : 1
        quiet.withUnsafeMutableBufferPointer { quiet in
            let output = UnsafeSendable(quiet)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = (chunk * entries.count / chunks)..<((chunk + 1) * entries.count / chunks)
                for i in range {
                    let node = Int(entries[i])
                    guard node < table.pointCount else { continue }  // colocated groups are always queried
                    let (x, y) = table.world(node)
                    let nearest = tree.nearestDistance(x: x, y: y, maxRadius: searchRadius, excluding: UInt32(i)) ?? .infinity
                    var zoom = options.maxZoom
                    var from = Int(UInt8.max)
                    while zoom >= lowest && 3 * options.worldRadius(zoom: zoom) + margin < nearest {
                        from = zoom
                        zoom -= 1
                    }
                    output.value[node] = UInt8(from)
                }
            }
        }
        return quiet
    }
}

/// A buffer handed to threads that write disjoint elements.
private struct UnsafeSendable: @unchecked Sendable {
    let value: UnsafeMutableBufferPointer<UInt8>
    init(_ value: UnsafeMutableBufferPointer<UInt8>) { self.value = value }
}
