import Testing
@testable import MapRouting

/// The heap behind Prim's loop in the α-nearness ascent: each node once, keys lowered in
/// place, nodes out in key order.
@Suite("Indexed min-heap")
struct IndexedMinHeapTests {
    /// Against a dictionary of each node's smallest key, sorted: random inserts and lowerings
    /// of 2,000 nodes, some popped in between, then the heap emptied and used again.
    @Test func popsEachNodeOnceInKeyOrderAfterLowerings() {
        var heap = IndexedMinHeap(capacity: 2_000)
        defer { heap.deallocate() }
        var random = RandomSource(seed: 7)
        for round in 0..<2 {
            var expected: [Int32: Double] = [:]
            for step in 0..<10_000 {
                let node = Int32(random.below(2_000))
                let key = Double(random.below(1_000_000))
                // The heap is told to lower only, as Prim's loop does.
                if let current = expected[node], current <= key { continue }
                expected[node] = key
                heap.insertOrLower(node, to: key)
                if step % 7 == 0, let smallest = expected.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
                    let top = heap.pop()
                    #expect(top.key == smallest.value, "round \(round), step \(step)")
                    expected[top.node] = nil
                }
            }
            if round == 0 {
                heap.removeAll()
                continue
            }
            let sorted = expected.values.sorted()
            var rest: [Double] = []
            while !heap.isEmpty { rest.append(heap.pop().key) }
            #expect(rest == sorted)
        }
    }
}
