/// Local search to a local optimum: take queued nodes one by one and apply improving
/// 2-opt, Or-opt, Or-3opt and (symmetric tables) 3-opt moves around each, then on large
/// symmetric tours a Lin–Kernighan chain, until the queue is empty.
extension SearchTour {
    /// Queues every node, in tour order.
    func enqueueAll() {
        for index in 0..<count { enqueue(order[index]) }
    }

    /// Improves the tour until no queued node has an improving move, or until `deadline`
    /// (looked at every 256 nodes: the first descent of thousands of places can take longer
    /// than a short budget). Returns false when the deadline stopped it.
    @discardableResult
    func runLocalSearch(until deadline: ContinuousClock.Instant? = nil) -> Bool {
        var examined = 0
        while let node = dequeue() {
            if (chainFirst && improveByThreeOptChain(node)) || improveByTwoOpt(node) || improveByOrOpt(node)
                || improveByOrThreeOpt(node) || improveByThreeOpt(node) || (usesLinKernighan && improveByLinKernighan(node))
                || (!chainFirst && improveByThreeOptChain(node)) { enqueue(node) }
            examined &+= 1
            if examined & 255 == 0, SearchStop.isDue(deadline) { return false }
        }
        return true
    }
}
