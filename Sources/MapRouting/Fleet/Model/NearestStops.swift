/// The nearest stops of one stop by a closeness array, for the fleet's candidate lists. Not
/// part of the generic ``FleetModel``: its workers run on several threads, and a generic
/// type's metatype is not `Sendable`.
enum NearestStops {
    /// The `kept` stops other than `stop` with the least closeness (equal ones by index), in
    /// that order. Above `kept`, a selection finds the `kept`-th least closeness first, so
    /// only the stops at or under it are sorted.
    static func nearest(_ kept: Int, of stop: Int, closeness: [Double], scratch: inout [Double]) -> [Int] {
        let closer = { (a: Int, b: Int) in closeness[a] != closeness[b] ? closeness[a] < closeness[b] : a < b }
        guard kept < closeness.count - 1 else { return (0..<closeness.count).filter { $0 != stop }.sorted(by: closer) }
        scratch.removeAll(keepingCapacity: true)
        for other in closeness.indices where other != stop { scratch.append(closeness[other]) }
        let threshold = kthSmallest(kept, in: &scratch)
        var chosen: [Int] = []
        chosen.reserveCapacity(kept)
        for other in closeness.indices where other != stop && closeness[other] < threshold { chosen.append(other) }
        // Ties at the threshold: the lowest indices fill the rest, as the total order says.
        for other in closeness.indices where chosen.count < kept && other != stop && closeness[other] == threshold { chosen.append(other) }
        return chosen.sorted(by: closer)
    }

    /// The k-th least of `values` (k from 1), by selection (Hoare's partition, linear on
    /// average); reorders `values`.
    private static func kthSmallest(_ k: Int, in values: inout [Double]) -> Double {
        var (low, high) = (0, values.count - 1)
        let target = k - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var (i, j) = (low, high)
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if target <= j { high = j } else if target >= i { low = i } else { break }
        }
        return values[target]
    }
}
