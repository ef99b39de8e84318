import Testing
@testable import MapRouting

/// The heap behind Prim's loop in the α-nearness ascent: each node once, keys lowered in
/// place, nodes out in key order.
@Suite("Indexed min-heap")
struct IndexedMinHeapTests {
    /// Against a dictionary of each node's smallest key: random inserts and lowerings of 2,000
    /// nodes, some popped in between, then the rest popped in key order; twice, so that the
    /// heap popped empty is used again (Prim's loop reuses it from one tree to the next).
    @Test func popsEachNodeOnceInKeyOrderAfterLowerings() {
        var heap = IndexedMinHeap(capacity: 2_000)
        defer { heap.deallocate() }
        var random = RandomSource(seed: 7)
        for round in 0..<2 {
            var expected: [Int32: Double] = [:]
            /// Pops one node: the smallest key, and that node's own latest key.
            func popChecked(_ context: String) -> Double {
                let smallest = expected.values.min()
                let top = heap.pop()
                #expect(top.key == smallest && expected[top.node] == top.key, "round \(round), \(context)")
                expected[top.node] = nil
                return top.key
            }
            for step in 0..<10_000 {
                let node = Int32(random.below(2_000))
                let key = Double(random.below(1_000_000))
                // The heap is told to lower only, as Prim's loop does.
                if let current = expected[node], current <= key { continue }
                expected[node] = key
                heap.insertOrLower(node, to: key)
                if step % 7 == 0 { _ = popChecked("step \(step)") }
            }
            let sorted = expected.values.sorted()
            var rest: [Double] = []
            while !heap.isEmpty { rest.append(popChecked("the rest")) }
            #expect(rest == sorted && expected.isEmpty)
        }
    }
}
