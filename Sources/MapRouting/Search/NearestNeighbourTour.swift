/// Construction for asymmetric tables: the nearest-neighbour tour from the model's start
/// (it follows the direction of travel, which greedy edge matching ignores). Each step looks at
/// the candidate list first and scans all nodes only when every candidate is taken.
enum NearestNeighbourTour {
    static func build(table: CostTable, neighbours: NeighbourLists, start: Int) -> [Int] {
        let size = table.size
        var visited = [Bool](repeating: false, count: size)
        // Unvisited nodes in a dense list with O(1) removal, for the fallback scan.
        var unvisited = Array(0..<size)
        var slot = Array(0..<size)
        func take(_ node: Int) {
            visited[node] = true
            let index = slot[node], moved = unvisited.removeLast()
            if moved != node { unvisited[index] = moved; slot[moved] = index }
        }
        var tour = [start]
        tour.reserveCapacity(size)
        take(start)
        var current = start
        while !unvisited.isEmpty {
            var chosen = -1
            var chosenCost = Double.infinity
            for candidate in neighbours.of(current) where !visited[Int(candidate)] {
                let cost = table[current, Int(candidate)]
                if cost < chosenCost { chosenCost = cost; chosen = Int(candidate) }
            }
            if chosen < 0 {
                for candidate in unvisited {
                    let cost = table[current, candidate]
                    if cost < chosenCost || chosen < 0 { chosenCost = cost; chosen = candidate }
                }
            }
            take(chosen)
            tour.append(chosen)
            current = chosen
        }
        return tour
    }
}
