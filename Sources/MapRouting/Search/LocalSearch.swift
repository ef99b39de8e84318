/// Local search to a local optimum: take queued nodes one by one and apply improving
/// 2-opt, Or-opt, Or-3opt and (symmetric tables) 3-opt moves around each until the queue is empty.
extension SearchTour {
    /// Queues every node, in tour order.
    func enqueueAll() {
        for index in 0..<count { enqueue(order[index]) }
    }

    /// Improves the tour until no queued node has an improving move.
    func runLocalSearch() {
        while let node = dequeue() {
            if improveByTwoOpt(node) || improveByOrOpt(node) || improveByOrThreeOpt(node)
                || improveByThreeOpt(node) { enqueue(node) }
        }
    }
}
