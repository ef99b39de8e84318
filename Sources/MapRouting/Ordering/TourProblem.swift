
/// An ordering problem: visit every place once, starting at `start`, at the least total cost.
///
/// Places in `first` are visited before all others (in the best order among
/// themselves), places in `last` after all others (before the fixed end, if any).
public struct TourProblem: Hashable, Sendable {
    /// Costs between places; the start, the stops and a fixed end are all places.
    public let costs: TourCosts
    /// The index of the start place.
    public let start: Int
    /// Where the tour ends.
    public let end: TourEnd
    /// Places that must be visited first, right after the start.
    public let first: Set<Int>
    /// Places that must be visited last, right before the end.
    public let last: Set<Int>

    /// Checks and creates a problem.
    /// - Throws: ``TourProblemError`` when an index is out of range, the end is the start,
    ///   or a place is both in `first` and `last`, or is the start or end.
    public init(
        costs: CostMatrix, start: Int = 0, end: TourEnd = .returnToStart,
        first: Set<Int> = [], last: Set<Int> = []
    ) throws(TourProblemError) {
        try self.init(costs: .matrix(costs), start: start, end: end, first: first, last: last)
    }

    /// Checks and creates a problem over any ``TourCosts``.
    /// - Throws: as the matrix form.
    public init(
        costs: TourCosts, start: Int = 0, end: TourEnd = .returnToStart,
        first: Set<Int> = [], last: Set<Int> = []
    ) throws(TourProblemError) {
        let range = 0..<costs.count
        guard range.contains(start) else { throw .placeOutOfRange(role: "start", index: start, count: costs.count) }
        if case .at(let stop) = end {
            guard range.contains(stop) else { throw .placeOutOfRange(role: "end", index: stop, count: costs.count) }
            guard stop != start else { throw .endIsStart }
        }
        for index in first.union(last).sorted() {
            guard range.contains(index) else {
                throw .placeOutOfRange(role: first.contains(index) ? "first" : "last", index: index, count: costs.count)
            }
            if index == start || end == .at(index) || (first.contains(index) && last.contains(index)) {
                throw .conflictingGroup(index: index)
            }
        }
        self.costs = costs
        self.start = start
        self.end = end
        self.first = first
        self.last = last
    }
}

/// Why an ordering problem has no answer.
public enum TourProblemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An index does not name a place of the matrix.
    case placeOutOfRange(role: String, index: Int, count: Int)
    /// A fixed end equal to the start: use ``RouteEnd/returnToStart``.
    case endIsStart
    /// A place is both first and last, or is the start or the fixed end.
    case conflictingGroup(index: Int)
    /// A place has no finite cost from (or to) any other place.
    case isolated(place: Int, direction: String)
    /// Every order found uses a pair the matrix marks unreachable.
    case unreachable(from: Int, to: Int)

    public var description: String {
        switch self {
        case .placeOutOfRange(let role, let index, let count):
            "\(role) place \(index) is not in the cost matrix (places 0..<\(count))"
        case .endIsStart:
            "the end is the start: ask for a round trip instead"
        case .conflictingGroup(let index):
            "place \(index) cannot be in that group: it is the start or end, or both first and last"
        case .isolated(let place, let direction):
            "place \(place) cannot be reached \(direction) any other place (every cost is infinite)"
        case .unreachable(let from, let to):
            "no order avoids unreachable pairs: the best order found still travels from place \(from) to place \(to), which the cost matrix marks unreachable (infinity)"
        }
    }
}
