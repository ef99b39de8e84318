/// The k best hits so far, nearest first (equal distances by item number); its threshold is
/// the k-th distance once full, the limit until then.
///
/// It lives in memory the caller provides (``with(capacity:limit:mergeParts:_:)`` puts small
/// lists on the stack), so a query allocates nothing for it; an offer is an insertion into
/// a sorted run of at most k hits, which for the k of a map screen is a few moves.
struct NearestList {
    private let storage: UnsafeMutablePointer<DistanceHit>
    let capacity: Int
    private(set) var count = 0
    /// Farther than this cannot enter the list.
    private(set) var threshold: Double
    /// Items with several parts may be offered more than once: keep their nearest part.
    let mergeParts: Bool

    private init(storage: UnsafeMutablePointer<DistanceHit>, capacity: Int, limit: Double, mergeParts: Bool) {
        self.storage = storage
        self.capacity = capacity
        self.threshold = limit
        self.limit = limit
        self.mergeParts = mergeParts
    }

    /// Calls `body` with an empty list of `capacity` (at least 1) hits that exists only during the call.
    @inline(__always)
    static func with<Result>(
        capacity: Int, limit: Double, mergeParts: Bool, _ body: (inout NearestList) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: DistanceHit.self, capacity: capacity) { buffer in
            var list = NearestList(storage: buffer.baseAddress!, capacity: capacity, limit: limit, mergeParts: mergeParts)
            return body(&list)
        }
    }

    private let limit: Double

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
