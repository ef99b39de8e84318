/// The k best hits so far, nearest first (equal distances by item number); its threshold is
/// the k-th distance once full, the limit until then.
///
/// It lives in memory the caller provides (nearest k takes it from
/// `withUnsafeTemporaryAllocation`, on the stack for a small k), so a query allocates nothing
/// for it; an offer is an insertion into a sorted run of at most k hits, which for the k of
/// a map screen is a few moves.
struct NearestList {
    private let storage: UnsafeMutablePointer<DistanceHit>
    let capacity: Int
    private(set) var count = 0
    /// Farther than this cannot enter the list.
    private(set) var threshold: Double
    private let limit: Double
    /// Items with several parts may be offered more than once: keep their nearest part.
    let mergeParts: Bool

    /// An empty list holding at most `buffer.count` (at least 1) hits in `buffer`.
    init(storage buffer: UnsafeMutableBufferPointer<DistanceHit>, limit: Double, mergeParts: Bool) {
        self.storage = buffer.baseAddress!
        self.capacity = buffer.count
        self.threshold = limit
        self.limit = limit
        self.mergeParts = mergeParts
    }

    var isFull: Bool { count == capacity }

    /// Forgets every hit: the list is as new.
    mutating func removeAll() {
        count = 0
        threshold = limit
    }

    /// The hits, nearest first.
    var hits: [DistanceHit] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    mutating func offer(_ item: Int, _ distance: Double) {
        let hit = DistanceHit(item: item, distance: distance)
        // `end`: how many hits stay before the insertion (the displaced one dropped).
        var end = count
        if mergeParts, let existing = (0..<count).first(where: { storage[$0].item == item }) {
            guard DistanceHit.nearerFirst(hit, storage[existing]) else { return }
            for index in existing..<(count - 1) { storage[index] = storage[index + 1] }
            end = count - 1
        } else if count == capacity {
            guard DistanceHit.nearerFirst(hit, storage[capacity - 1]) else { return }
            end = capacity - 1
        }
        // DistanceHit is plain data: moving hits by assignment needs no initialisation.
        var index = end
        while index > 0 && DistanceHit.nearerFirst(hit, storage[index - 1]) {
            storage[index] = storage[index - 1]
            index -= 1
        }
        storage[index] = hit
        count = end + 1
        if count == capacity { threshold = storage[capacity - 1].distance }
    }
}
