/// The best order found for a ``TourProblem``.
public struct TourSolution: Hashable, Sendable {
    /// Every place once, starting with the start. A fixed end comes last; a round trip
    /// does not repeat the start (its return leg is in ``cost``).
    public let order: [Int]
    /// The total cost of the order under the problem's matrix, return leg included.
    public let cost: Double
    /// True when the exact method (dynamic programming) proved no order is cheaper.
    public let isProvenOptimal: Bool
    /// Local-search iterations (perturbations) run, by every search side by side together;
    /// 0 for the exact method.
    public let iterations: Int
    /// True when the wall-clock cap ended the search before its iteration budget, so
    /// a rerun on another machine may give another order.
    public let stoppedByTimeLimit: Bool
}
