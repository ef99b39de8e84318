/// A binary min-heap of (distance, code) for best-first search, ties broken by code so the
/// order is deterministic.
///
/// It starts in memory the caller provides — nearest k gives it 64 entries (1 KiB, which
/// `withUnsafeTemporaryAllocation` always puts on the stack), all a query on a map usually
/// needs, so a query allocates nothing — and beyond that moves to heap memory of its own,
/// freed when the queue ends.
struct DistanceQueue: ~Copyable {
    struct Entry {
        var key: Double
        var code: Int
        @inline(__always) func before(_ other: Entry) -> Bool {
            key != other.key ? key < other.key : code < other.code
        }
    }

    private var heap: UnsafeMutablePointer<Entry>
    private var capacity: Int
    private var count = 0
    /// True once the entries have moved out of the caller's stack memory.
    private var ownsHeap = false

    /// An empty queue starting in `storage` (not empty), which must outlive it.
    init(_ storage: UnsafeMutableBufferPointer<Entry>) {
        heap = storage.baseAddress!
        capacity = storage.count
    }

    deinit {
        if ownsHeap { heap.deallocate() }
    }

    mutating func push(_ key: Double, _ code: Int) {
        if count == capacity { grow() }
        let entry = Entry(key: key, code: code)
        // Move the hole up instead of swapping at each level.
        var child = count
        count &+= 1
        while child > 0 {
            let parent = (child &- 1) >> 1
            guard entry.before(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    mutating func pop() -> (Double, Int)? {
        guard count > 0 else { return nil }
        let top = heap[0]
        count &-= 1
        let last = heap[count]
        var parent = 0
        while true {
            let left = 2 &* parent &+ 1
            guard left < count else { break }
            let right = left &+ 1
            let smaller = right < count && heap[right].before(heap[left]) ? right : left
            guard heap[smaller].before(last) else { break }
            heap[parent] = heap[smaller]
            parent = smaller
        }
        heap[parent] = last
        return (top.key, top.code)
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.initialize(from: heap, count: count)
        if ownsHeap { heap.deallocate() }
        heap = larger
        capacity *= 2
        ownsHeap = true
    }
}
