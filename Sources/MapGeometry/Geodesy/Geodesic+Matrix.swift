import Dispatch
import Foundation

extension Geodesic {
    /// Chord length up to which the matrix uses the ruler: its difference to `geod_inverse`
    /// stays below a millimetre (`GeodesicMatrixTests`), a hundredth of what is written.
    static let matrixRulerLimit = 300_000.0

    /// The geodesic distance between every pair of `positions`, row-major (`n × n`, symmetric,
    /// zero diagonal), in metres.
    ///
    /// The same numbers as ``GeodesicDistances`` gives pair by pair. Lines up to 300 km use the
    /// short-line ruler (within a millimetre of `geod_inverse`, with one `asin` per pair at most),
    /// longer lines PROJ's `geod_inverse`. Rows are shared among the machine's cores, so a
    /// 5,000-stop matrix of a city takes a fraction of a second.
    public static func distanceMatrix(_ positions: [Position]) -> [Double] {
        let count = positions.count
        guard count > 0 else { return [] }
        let distances = GeodesicDistances(positions)
        var matrix = [Double](repeating: 0, count: count * count)
        matrix.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let values = buffer
            // Interleaved rows (0, k, 2k, … per worker) balance the triangle's uneven rows.
            let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / 64))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var from = worker
                while from < count {
                    for to in (from + 1)..<count {
                        let metres = distances.distance(from, to)
                        values[from * count + to] = metres
                        values[to * count + from] = metres
                    }
                    from += workers
                }
            }
        }
        return matrix
    }
}
